/** Merging the stages' vitest JSON reports (`scripts/test.ts`) and reading the slowest files from them. */
import { relative } from 'node:path';

/** The parts of vitest's JSON report that the summary reads. */
interface FileResult {
  name: string;
  status: string;
  startTime: number;
  endTime: number;
  assertionResults: { status: string }[];
}
export interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  numFailedTestSuites: number;
  numPassedTestSuites: number;
  numPendingTestSuites: number;
  numTotalTestSuites: number;
  startTime: number;
  success: boolean;
  testResults: FileResult[];
}

function emptyReport(): Report {
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
    startTime: Date.now(),
    success: true,
    testResults: [],
  };
}

/** Sums the counters and concatenates the files of the stages' reports. */
export function mergeReports(reports: Report[]): Report {
  const merged = emptyReport();
  if (reports.length > 0) merged.startTime = Math.min(...reports.map((r) => r.startTime));
  for (const report of reports) {
    merged.numPassedTests += report.numPassedTests;
    merged.numFailedTests += report.numFailedTests;
    merged.numPendingTests += report.numPendingTests;
    merged.numTodoTests += report.numTodoTests;
    merged.numTotalTests += report.numTotalTests;
    merged.numFailedTestSuites += report.numFailedTestSuites;
    merged.numPassedTestSuites += report.numPassedTestSuites;
    merged.numPendingTestSuites += report.numPendingTestSuites;
    merged.numTotalTestSuites += report.numTotalTestSuites;
    merged.success &&= report.success;
    merged.testResults.push(...report.testResults);
  }
  return merged;
}

/** The `count` test files that took longest, slowest first, as lines to print. */
export function slowestFiles(report: Report, count: number, root: string): string[] {
  return [...report.testResults]
    .map((file) => ({ name: relative(root, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(({ name, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
}
