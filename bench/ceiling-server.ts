// The framework ceiling: a bare Fastify route answering a fixed 1 KB JSON document. `npm run bench` runs it
// in its own process next to the app, so each endpoint's rate can be read as a share of what Fastify alone
// does on this machine. Prints its port once listening.
import Fastify from 'fastify';

const body = JSON.stringify({
  success: true,
  data: { padding: 'x'.repeat(1024 - 40) },
});
const app = Fastify({ logger: false });
app.get('/ceiling', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
