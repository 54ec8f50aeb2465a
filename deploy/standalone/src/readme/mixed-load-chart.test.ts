import { describe, expect, it } from 'vitest';
import { findMixedLoadCurve, renderMixedLoadChart } from './mixed-load-chart.ts';

const curve = {
  curve: [
    { offered: 50, served: 50, readP99: 20, saveP99: 40 },
    { offered: 100, served: 99, readP99: 45, saveP99: 80 },
    { offered: 200, served: 150, readP99: 180, saveP99: 400 },
  ],
  ceiling: 160,
};

describe('the mixed-load chart', () => {
  it('finds the curve wherever the bench report holds it, and nothing in a report without one', () => {
    const report = {
      machine: { cpus: 2 },
      results: [
        { suite: 'other', figures: [] },
        { suite: 'mixed-load', figures: [], data: curve },
      ],
    };
    expect(findMixedLoadCurve(report)).toEqual(curve);
    expect(findMixedLoadCurve({ results: [{ suite: 'mixed-load', curve: [], ceiling: 100 }] })).toBeUndefined();
    expect(findMixedLoadCurve({ curve: [{ offered: 1, served: 1 }], ceiling: 1 })).toBeUndefined();
  });

  it('draws one point per step on both panels, the ceiling line and bilingual labels', () => {
    const svg = renderMixedLoadChart(curve);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    // 3 served points, 3 read p99 points, 3 save p99 points
    expect(svg.match(/<circle /g)).toHaveLength(9);
    expect(svg).toContain('ceiling 160 req/s');
    expect(svg).toContain('한계');
    expect(svg).toContain('처리량 · Throughput');
    // the served line ends where the last step served: x of 200 on a 0..200 axis (the last tick), y of 150 on a 0..200 axis
    const served = /<polyline fill="none" stroke="#0f766e"[^>]*points="([^"]+)"/.exec(svg)?.[1]?.split(' ');
    expect(served).toHaveLength(3);
    expect(served?.[2]).toBe(`${(70 + 360).toFixed(1)},${(300 - (150 / 200) * 244).toFixed(1)}`);
  });
});
