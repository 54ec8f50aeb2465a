import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app.tsx';
import { json, problem, stubFetch } from '../../../testing/fake-api.ts';

function field(name: string): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no field ${name}`);
  return input;
}

function messageOf(name: string): string | undefined {
  const ids = field(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim() || undefined
  );
}

function type(name: string, value: string) {
  fireEvent.change(field(name), { target: { value } });
}

/** Ticks "I agree to the Terms of Service and Privacy Policy". */
function agree() {
  fireEvent.click(field('agreeToTerms'));
}

const valid = {
  email: 'new@example.com',
  password: 'Secret1!x',
  confirmPassword: 'Secret1!x',
  name: 'Jane Traveller',
  companyName: 'Pocket Travel',
  companyAddress: '',
  companyPhone: '',
  companyWebsite: '',
};

describe('signup screen', () => {
  it("shows every field's message in English, word for word from the spec", async () => {
    const requests = stubFetch(() => json({}));
    renderApp({ path: '/signup', language: 'en' });
    const submit = await screen.findByRole('button', { name: 'Create account' });
    fireEvent.click(submit);
    await waitFor(() => expect(field('email').getAttribute('aria-invalid')).toBe('true'));
    expect(messageOf('email')).toBe('Email is required');
    expect(messageOf('password')).toBe(
      'Required Field 8 to 128 characters with a letter, a number and a special character',
    );
    expect(messageOf('name')).toBe('Required Field');
    expect(messageOf('companyName')).toBe('Required Field');
    expect(field('companyAddress').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('email'));

    type('email', 'nope');
    type('password', 'password');
    type('confirmPassword', 'different');
    type('name', 'Jo');
    type('companyName', 'X'.repeat(101));
    type('companyPhone', '12345');
    type('companyWebsite', 'not a url');
    expect(messageOf('email')).toBe('It is not a valid Email');
    expect(messageOf('password')).toContain('Not a valid password');
    expect(messageOf('confirmPassword')).toBe('Password and Confirm Password do not match');
    expect(messageOf('name')).toBe('Not a valid value');
    expect(messageOf('companyName')).toBe('Not a valid value');
    expect(messageOf('companyPhone')).toBe('Not a valid phone number');
    expect(messageOf('companyWebsite')).toBe('Not a valid url');
    expect(requests.filter((request) => request.url.pathname === '/api/users')).toHaveLength(0);
  });

  it('in Korean, the same rules speak Korean', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/signup' });
    fireEvent.click(await screen.findByRole('button', { name: '가입하기' }));
    await waitFor(() => expect(messageOf('email')).toBe('이메일을 입력해 주세요'));
    type('password', 'Secret1!x');
    type('confirmPassword', 'Secret1!y');
    expect(messageOf('confirmPassword')).toBe('비밀번호와 비밀번호 확인이 일치하지 않습니다');
    type('companyPhone', '010');
    expect(messageOf('companyPhone')).toBe('올바른 전화번호가 아닙니다');
  });

  it("409: 'Email already taken' on the email field", async () => {
    stubFetch(() => problem({ status: 409, code: 'conflict', message: 'Email already taken' }));
    renderApp({ path: '/signup', language: 'en' });
    await screen.findByRole('button', { name: 'Create account' });
    for (const [name, value] of Object.entries(valid)) type(name, value);
    agree();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(messageOf('email')).toBe('Email already taken'));
    expect(document.activeElement).toBe(field('email'));
  });

  it('other failures: the generic signup message', async () => {
    stubFetch(() => problem({ status: 500, code: 'internal_error', message: 'boom' }));
    renderApp({ path: '/signup' });
    await screen.findByRole('button', { name: '가입하기' });
    for (const [name, value] of Object.entries(valid)) type(name, value);
    agree();
    fireEvent.click(screen.getByRole('button', { name: '가입하기' }));
    expect(await screen.findByText('오류가 발생했습니다. 다시 시도해 주세요.')).toBeDefined();
  });

  it('success: the welcome asks to verify the email; the body carries the interface language', async () => {
    const requests = stubFetch(() =>
      json({ _id: 'u-9', id: 'u-9', email: 'new@example.com', position: 4, message: 'Welcome!' }, { status: 201 }),
    );
    renderApp({ path: '/signup', language: 'en' });
    await screen.findByRole('button', { name: 'Create account' });
    for (const [name, value] of Object.entries({ ...valid, companyWebsite: 'pocket.example.com' })) type(name, value);
    agree();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeDefined();
    expect(screen.getByText(/We sent a verification email to new@example.com/)).toBeDefined();
    const body = requests.find((request) => request.url.pathname === '/api/users')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      email: 'new@example.com',
      password: 'Secret1!x',
      language: 'en',
      companyWebsite: 'https://pocket.example.com/',
      agreeToTerms: true,
    });
    expect(body).not.toHaveProperty('companyAddress');
  });

  it('consent to the terms and the privacy policy is required: nothing is sent without it', async () => {
    const requests = stubFetch(() =>
      json({ _id: 'u-9', id: 'u-9', email: 'new@example.com', position: 4, message: 'Welcome!' }, { status: 201 }),
    );
    renderApp({ path: '/signup', language: 'en' });
    await screen.findByRole('button', { name: 'Create account' });
    const consent = screen.getByRole('checkbox', { name: 'I agree to the Terms of Service and Privacy Policy' });
    expect(consent).toBe(field('agreeToTerms'));
    const form = within(consent.closest('form')!);
    expect(form.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(form.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');

    for (const [name, value] of Object.entries(valid)) type(name, value);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(messageOf('agreeToTerms')).toBe('Please agree to the Terms of Service and Privacy Policy'),
    );
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(consent);
    expect(requests.filter((request) => request.url.pathname === '/api/users')).toHaveLength(0);

    agree();
    expect(messageOf('agreeToTerms')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome!' })).toBeDefined();
    expect(requests.find((request) => request.url.pathname === '/api/users')?.body).toMatchObject({
      agreeToTerms: true,
    });
  });

  it('in Korean: 이용약관 및 개인정보처리방침 동의', async () => {
    stubFetch(() => json({}));
    renderApp({ path: '/signup' });
    fireEvent.click(await screen.findByRole('button', { name: '가입하기' }));
    expect(screen.getByRole('checkbox', { name: '이용약관 및 개인정보처리방침에 동의합니다 (필수)' })).toBe(
      field('agreeToTerms'),
    );
    await waitFor(() => expect(messageOf('agreeToTerms')).toBe('이용약관 및 개인정보처리방침에 동의해 주세요'));
  });
});
