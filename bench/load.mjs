// Closed-loop HTTP load generator: `concurrency` workers each send one request at a time over keep-alive
// connections until the deadline, so the offered load adapts to the server (like `wrk -c N`), and the run
// ends by itself after `durationMs` plus at most one request timeout.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** A request that has not finished after this long counts as an error, so one stuck connection cannot hang the run. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Error messages kept for the report; the count covers all of them. */
const MAX_ERROR_SAMPLES = 5;

// undici (the client behind Node's global fetch) is much cheaper per request than fetch() itself, which
// matters when the load generator and workerd share two cores. It is only a transitive dev dependency
// here, so fall back to node:http keep-alive agents when it is not resolvable.
/** @type {typeof import('undici') | null} */
const undici = await import('undici').catch(() => null);

/** Which HTTP client the load generator uses, for the report. */
export const clientName = undici ? 'undici.request' : 'node:http';

/**
 * @typedef {object} LoadResult
 * @property {number} ok          responses with status 200 whose body was read completely
 * @property {number} errors      non-200 responses, network errors and timeouts
 * @property {string[]} errorSamples first few error descriptions
 * @property {number} elapsedMs   from the first request until the last worker finished
 * @property {number} rps         ok / elapsed seconds
 * @property {number} bytes       body bytes read from the 200 responses
 * @property {number} clientCpu   CPU time of this Node process / wall time (1 = one full core); the load
 *   generator competes with workerd for the same cores, so this says how much it took away
 * @property {{ p50: number, p95: number, p99: number, mean: number, max: number }} latencyMs of the 200 responses
 */

/**
 * @typedef {object} LoadRequest one request of a load that is not the same GET each time (a write)
 * @property {string} url
 * @property {string} method
 * @property {Record<string, string>} headers
 * @property {string} [body]
 */

/**
 * Runs a closed-loop load against `url`: the same GET each time, or each time the request `request()` makes
 * (then a response counts as ok with the status `okStatus`).
 * @param {{ url: string, concurrency: number, durationMs: number, headers?: Record<string, string>,
 *   request?: () => LoadRequest, okStatus?: number }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ url, concurrency, durationMs, headers = {}, request, okStatus = 200 }) {
  const client = undici ? undiciClient(concurrency) : nodeHttpClient(concurrency);
  /** @type {number[]} */
  const latencies = [];
  const errorSamples = [];
  let errors = 0;
  let bytes = 0;

  /** @param {string} message */
  const fail = (message) => {
    errors++;
    if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(message);
  };

  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const deadline = start + durationMs;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const { status, size } = await client.send(request ? request() : { url, method: 'GET', headers });
        if (status === okStatus) {
          latencies.push(performance.now() - t0);
          bytes += size;
        } else {
          fail(`HTTP ${status}`);
        }
      } catch (error) {
        fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
        // Back off a little so a refused connection does not turn into a hot loop of errors.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await client.close();
  }
  const elapsedMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const clientCpu = (cpu.user + cpu.system) / 1000 / elapsedMs;
  return {
    ok: latencies.length,
    errors,
    errorSamples,
    elapsedMs,
    rps: latencies.length / (elapsedMs / 1000),
    bytes,
    clientCpu,
    latencyMs: summarize(latencies),
  };
}

/**
 * Nearest-rank percentiles (no interpolation, so every figure is a latency that actually occurred).
 * @param {number[]} values
 */
export function summarize(values) {
  if (values.length === 0) return { p50: NaN, p95: NaN, p99: NaN, mean: NaN, max: NaN };
  const sorted = Float64Array.from(values).sort();
  const at = (/** @type {number} */ p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const sum = sorted.reduce((a, b) => a + b, 0);
  return { p50: at(50), p95: at(95), p99: at(99), mean: sum / sorted.length, max: sorted[sorted.length - 1] };
}

/**
 * @typedef {object} Client
 * @property {(request: LoadRequest) => Promise<{ status: number, size: number }>} send
 *   sends the request and reads the whole body (a streamed SSR response counts only once it has ended)
 * @property {() => Promise<void>} close
 */

/** @param {number} connections @returns {Client} */
function undiciClient(connections) {
  const { Agent, request } = /** @type {typeof import('undici')} */ (undici);
  // One connection per worker and no pipelining, so each connection carries exactly one request at a time.
  const dispatcher = new Agent({ connections, pipelining: 1, headersTimeout: REQUEST_TIMEOUT_MS, bodyTimeout: REQUEST_TIMEOUT_MS });
  return {
    async send({ url, method, headers, body: payload }) {
      const { statusCode, body } = await request(url, { method, headers, body: payload, dispatcher });
      let size = 0;
      for await (const chunk of body) size += chunk.length;
      return { status: statusCode, size };
    },
    close: () => dispatcher.close(),
  };
}

/** @param {number} connections @returns {Client} */
function nodeHttpClient(connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    send({ url, method, headers, body }) {
      return new Promise((resolve, reject) => {
        const req = http.request(url, { agent, method, headers }, (res) => {
          let size = 0;
          res.on('data', (chunk) => (size += chunk.length));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, size }));
          res.on('error', reject);
        });
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no response within ${REQUEST_TIMEOUT_MS} ms`)));
        req.on('error', reject);
        req.end(body);
      });
    },
    async close() {
      agent.destroy();
    },
  };
}
