// A local stand-in for the university's two aircraft endpoints (docs/aircraft-data.md), so the browser
// tests never reach an outside host. Chlorophyll answers a flight track in the documented format;
// phycocyanin answers 503, as an endpoint that is down would: the page must then say the data is unavailable.
// It also stands in for the rainfall nowcast's feed (RAINFALL_URL, decision 0046) on /rainfall/latest: heavy
// rain in Ocean County, a little in Monmouth, none elsewhere, as of an hour ago.
import http from 'node:http';

const port = Number(process.argv[2] ?? 3102);

const track = Array.from({ length: 60 }, (_, i) => ({
  time: new Date(Date.UTC(2026, 6, 5, 14) + i * 60_000).toISOString(),
  lat: Number((40.45 - i * 0.025).toFixed(4)),
  lon: Number((-73.99 - i * 0.015).toFixed(4)),
  value: Number((2 + 10 * Math.abs(Math.sin(i / 6))).toFixed(2)),
}));

http
  .createServer((req, res) => {
    if (req.url === '/chlorophyll/latest') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ flight_date: '2026-07-05', unit: 'ug/L', track }));
    } else if (req.url === '/rainfall/latest') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          asOf: new Date(Date.now() - 3_600_000).toISOString(),
          readings: [
            { county: 'Ocean', h24: 48.2, h48: 55.9, h72: 61.0 },
            { county: 'Monmouth', h24: 3.1, h48: 4.0, h72: 4.0 },
            { county: 'Atlantic', h24: 0, h48: 0, h72: 1.2 },
            { county: 'Cape May', h24: 0, h48: 0, h72: 0 },
          ],
        }),
      );
    } else if (req.url === '/health') {
      res.writeHead(200).end('ok');
    } else {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
    }
  })
  .listen(port, '127.0.0.1');
