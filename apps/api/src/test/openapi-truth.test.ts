import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { typed } from '../lib/deps.ts';
import { CSRF, createTestContext, login, type TestContext } from './harness.ts';
import { checkResponsesAgainstDocument } from './response-contract.ts';

/** Issue 12, point 5a: the OpenAPI document tells the truth, and the API tests keep it so. */

let ctx: TestContext;
type Operation = {
  responses: Record<string, unknown>;
  requestBody?: {
    content: Record<string, { schema: { required?: string[]; anyOf?: { required: string[] }[] } }>;
  };
};
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await login(ctx.app, 'uk.admin');
  const res = await ctx.app.inject({ url: '/api/openapi.json', headers: admin.bearer });
  paths = res.json().paths;
});
afterAll(() => ctx.close());

describe('the document', () => {
  it('documents 204 for every DELETE route, and no 200 it never answers', () => {
    const deletes = Object.entries(paths).flatMap(([path, ops]) => (ops.delete ? [[path, ops.delete]] : []));
    expect(deletes.length).toBeGreaterThan(8);
    for (const [path, op] of deletes as [string, Operation][]) {
      expect(Object.keys(op.responses), path).toEqual(['204']);
    }
  });

  it('marks what creating a client requires as required', () => {
    const body = paths['/api/client1/{companyId}']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(
      expect.arrayContaining([
        'email',
        'mobile',
        'address1',
        'addressRegion',
        'addressState',
        'addressPostalCode',
      ]),
    );
    const person = body?.anyOf?.find((s) => s.required.includes('preferredName'));
    expect(person?.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'preferredName']));
  });

  it('a DELETE answers the 204 it documents', async () => {
    const admin = await login(ctx.app, 'uk.admin');
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/process/${admin.user.companyId}`,
      headers: { ...admin.bearer, ...CSRF },
      payload: { name: 'Documented delete' },
    });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/process/${made.json().id}`,
      headers: { ...admin.bearer, ...CSRF },
    });
    expect(res.statusCode).toBe(204);
  });
});

describe('the response check the API tests run', () => {
  it('reports an undocumented status, a body off its schema and a failure outside the error shape', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(swagger, {
      openapi: { info: { title: 't', version: '1' } },
      transform: jsonSchemaTransform,
    });
    const r = typed(app);
    const documented = { response: { 200: z.object({ n: z.number().int().positive() }) } };
    r.get('/api/right', { schema: documented }, async () => ({ n: 1 }));
    r.get('/api/off-schema', { schema: { response: { 200: z.any() } } }, async () => ({ n: -1 }));
    app.get('/api/undocumented', { schema: documented }, async (_q, reply) =>
      (reply as unknown as FastifyReply).status(204).send(),
    );
    app.get('/api/bad-error', async (_q, reply) => reply.status(400).send({ error: 'x' }));
    const contract = checkResponsesAgainstDocument(app);
    await app.ready();
    // The document says one thing about /api/off-schema; the route answers another.
    const docPaths = (app.swagger() as { paths: Record<string, { get: Operation }> }).paths;
    const offSchema = docPaths['/api/off-schema']?.get;
    if (offSchema) offSchema.responses['200'] = docPaths['/api/right']?.get.responses['200'];
    for (const url of ['/api/right', '/api/off-schema', '/api/undocumented', '/api/bad-error'])
      await app.inject(url);
    await app.close();
    expect(contract.checked).toBe(4);
    expect(contract.drift).toEqual([
      'GET /api/off-schema 200: /n must be > 0',
      'GET /api/undocumented 204: status not documented',
      'GET /api/bad-error 400: not in the error shape',
    ]);
  });
});
