import { describe, expect, it } from 'vitest';
import { mergeReports, slowestFiles, type Report } from './test-report.ts';

function report(overrides: Partial<Report>): Report {
  return {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    numTotalTests: 0,
    numFailedTestSuites: 0,
    numPassedTestSuites: 0,
    numPendingTestSuites: 0,
    numTotalTestSuites: 0,
    startTime: 0,
    success: true,
    testResults: [],
    ...overrides,
  };
}

function file(name: string, seconds: number) {
  return {
    name: `/repo/${name}`,
    status: 'passed',
    startTime: 1000,
    endTime: 1000 + seconds * 1000,
    assertionResults: [],
  };
}

describe('the staged run report', () => {
  it('sums every stage and fails when one stage failed', () => {
    const merged = mergeReports([
      report({
        numPassedTests: 10,
        numTotalTests: 11,
        numPendingTests: 1,
        startTime: 50,
        testResults: [file('a.test.ts', 1)],
      }),
      report({
        numPassedTests: 3,
        numFailedTests: 2,
        numTotalTests: 6,
        numTodoTests: 1,
        startTime: 20,
        success: false,
        testResults: [file('b.int.test.ts', 4)],
      }),
    ]);
    expect(merged).toMatchObject({
      numPassedTests: 13,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 1,
      numTotalTests: 17,
      startTime: 20,
      success: false,
    });
    expect(merged.testResults.map((f) => f.name)).toEqual(['/repo/a.test.ts', '/repo/b.int.test.ts']);
  });

  it('lists the slowest files first, relative to the checkout, at most the count asked', () => {
    const merged = mergeReports([
      report({ testResults: [file('fast.test.ts', 0.2), file('slow.e2e.test.ts', 30), file('mid.int.test.ts', 5)] }),
    ]);
    expect(slowestFiles(merged, 2, '/repo')).toEqual(['   30.0 s  slow.e2e.test.ts', '    5.0 s  mid.int.test.ts']);
  });
});
