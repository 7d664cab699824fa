import { errorBodySchema } from '@pd/contracts';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Checks every answer the API tests receive against the OpenAPI document (issue 12, point 5a): a success must
 * be a status the route documents, with a body its schema accepts; a failure must be in the one error shape.
 * What drifts is collected and reported when the test context closes, so the test file fails.
 */
export interface ResponseContract {
  drift: string[];
  checked: number;
  /** Time spent checking, for the figure in docs/benchmarks.md (PD_CHECK_RESPONSES=report prints it). */
  spentMs: number;
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: object };

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * OpenAPI 3.0 to what ajv reads: exclusive bounds the draft-04 way (a flag beside minimum) become numbers, and
 * a nullable enum lists null, and nullable without a type becomes "this, or null".
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value);
  // nullable allows null (OpenAPI 3.0), which an enum beside it must then list too.
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null];
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag]) out[flag] = out[bound];
    else delete out[flag];
    if (out[flag] !== undefined) delete out[bound];
  }
  if (out.type === undefined && 'nullable' in out) {
    const { nullable, ...rest } = out; // ajv wants a type beside nullable: say "this, or null" instead
    return nullable ? { anyOf: [rest, { type: 'null' }] } : rest;
  }
  return out;
}

export function checkResponsesAgainstDocument(app: FastifyInstance): ResponseContract {
  const contract: ResponseContract = { drift: [], checked: 0, spentMs: 0 };
  let document: Document | undefined;
  const ajv = addFormats(new Ajv({ strict: false, allErrors: false }));
  const validators = new Map<string, ValidateFunction | null>();

  const validatorFor = (key: string, schema: object | undefined) => {
    if (!validators.has(key)) {
      const root = document?.components ? { ...schema, components: document.components } : schema;
      validators.set(key, root ? ajv.compile(toJsonSchema(root) as object) : null);
    }
    return validators.get(key) ?? null;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const started = performance.now();
    try {
      check(request, reply, payload);
    } catch (error) {
      contract.drift.push(`${request.method} ${request.routeOptions.url}: check failed: ${String(error)}`);
    }
    contract.spentMs += performance.now() - started;
    return payload;
  });

  function check(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || request.routeOptions.schema?.hide) return;
    const status = reply.statusCode;
    const where = `${request.method} ${url} ${status}`;
    const text = typeof payload === 'string' ? payload : undefined;
    contract.checked += 1;
    if (status >= 400) {
      if (text === undefined || !errorBodySchema.safeParse(JSON.parse(text)).success)
        contract.drift.push(`${where}: not in the error shape`);
      return;
    }
    document ??= app.swagger() as unknown as Document;
    const operation = document.paths[openApiPath(url)]?.[request.method.toLowerCase()];
    const documented = operation?.responses?.[String(status)];
    if (!documented) {
      contract.drift.push(`${where}: status not documented`);
      return;
    }
    const schema = documented.content?.['application/json']?.schema;
    const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!schema || !isJson || text === undefined) return;
    const validate = validatorFor(where, schema);
    if (validate && !validate(JSON.parse(text))) {
      const first = validate.errors?.[0];
      contract.drift.push(
        `${where}: ${first?.instancePath || '(body)'} ${first?.message ?? 'does not match'}`,
      );
    }
  }
  return contract;
}
