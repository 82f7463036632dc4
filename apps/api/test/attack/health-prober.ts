/**
 * The stall check's prober (attack/stall.ts), in a process of its own so that what it measures is the
 * server's event loop, not one it shares: GET <url> every <everyMs> ms, open loop (each request is sent on time
 * while earlier ones wait). Says { ready: true } after its first answer; on 'stop' it sends no more, waits for
 * those in flight and says { latencies, failures }.
 */
import http from 'node:http';

const [url, every] = process.argv.slice(2);
const everyMs = Number(every);
const agent = new http.Agent({ keepAlive: false });
const latencies: number[] = [];
let failures = 0;
let ready = false;
let inFlight = 0;
let stopping = false;

function finish() {
  if (stopping && inFlight === 0) process.send!({ latencies, failures }, () => process.exit(0));
}

function probe() {
  inFlight++;
  const t0 = performance.now();
  const done = (ok: boolean) => {
    inFlight--;
    if (ok) latencies.push(performance.now() - t0);
    else failures++;
    if (ok && !ready) {
      ready = true;
      process.send!({ ready: true });
    }
    finish();
  };
  http
    .get(url!, { agent }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode === 200));
    })
    .on('error', () => done(false));
}

const timer = setInterval(probe, everyMs);
process.on('message', (message) => {
  if (message !== 'stop') return;
  stopping = true;
  clearInterval(timer);
  finish();
});
