/**
 * The load generator, run as its own process so that it does not share the event loop of the servers it
 * measures: `node --import tsx bench/load.ts <url> <seconds> <connections> [headers]` prints autocannon's result as JSON.
 */
import autocannon from 'autocannon';

const [url, seconds = '5', connections = '16', headersJson = '{}'] = process.argv.slice(2);
if (!url) throw new Error('usage: load.ts <url> [seconds] [connections] [headers as JSON]');
const headers = JSON.parse(headersJson) as Record<string, string>;
const result = await autocannon({
  url,
  duration: Number(seconds),
  connections: Number(connections),
  pipelining: 1,
  headers,
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
  }),
);
