// The ceiling of the server benchmark: a bare node:http server answering every request with
// one fixed JSON body. Nothing can be faster on this machine's loopback with the same client.
import { createServer } from 'node:http';

const BODY = JSON.stringify({ status: 200, message: 'ok', bookings: [] });
const port = Number(process.env.PORT ?? 0);

createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
}).listen(port, '127.0.0.1');
