import { requestCostSuite } from './suites/request-cost.ts';
const r = await requestCostSuite(Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 400));
console.log(JSON.stringify(r.figures.map((f) => [f.name, f.value.toFixed(3), f.unit])));
process.exit(0);
