import { Ajv, type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import messages from '#content/staff-messages.json';
import { isAccess } from '#shared/panel-api/access.ts';
import type { PanelCall, QueryOf, ReplyKind, RequestOf } from '#shared/panel-api/call.ts';
import type { FromSchema, Schema } from '#shared/panel-api/schema.ts';
import { ApiProblem } from '../plugins/error-mapping';
import { problemsMessage } from '../statements/validate-statement';

// docs/decisions/panel-api.md: a panel route is registered from its call's declaration (src/shared/panel-api)
// and from nothing else: who may use it, the request Fastify validates and the reply it serializes.

/**
 * The panel's requests are checked as sent: Fastify's own ajv would coerce types and drop unknown
 * properties silently (ARCHITECTURE.md, known traps); here both are a Polish 400.
 */
const ajv = new Ajv({
  allErrors: false,
  strict: true,
  allowUnionTypes: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
});

/** "pole: komunikat", as the statement calls say it. */
function requestProblem(errors: readonly ErrorObject[], part: string): ApiProblem {
  const error = errors[0]!;
  const path = error.instancePath.split('/').filter(Boolean).join('.');
  const unknown = error.keyword === 'additionalProperties';
  const field = unknown ? [path, String(error.params.additionalProperty)].filter(Boolean).join('.') : path;
  const message = unknown ? messages.requestUnknownField : messages.requestWrongType;
  return new ApiProblem(400, problemsMessage([{ field: field || part, message }]));
}

/** A call's validator: a request without a body is one with nothing to say (`{}`), as before schemas. */
function validatorFor({ schema, httpPart }: { schema: Schema; httpPart?: string }) {
  const check = ajv.compile(schema);
  if (httpPart !== 'body') return check;
  const body = (data: unknown) => {
    const ok = data === null || check(data);
    body.errors = check.errors;
    return ok;
  };
  body.errors = check.errors;
  return body;
}

const isJson = (reply: ReplyKind): reply is Schema => reply !== 'nothing' && !('file' in reply);

type ParamsOf<C extends PanelCall> = C extends { params: infer P } ? FromSchema<P> : Record<string, never>;

export type CallRequest<C extends PanelCall> = FastifyRequest<{
  Body: RequestOf<C>;
  Params: ParamsOf<C>;
  Querystring: QueryOf<C>;
}>;

/**
 * What a handler answers: the JSON its reply schema serializes, or the reply it sent itself (204, a file).
 * Not typed as the schema: the domain's rows are wider than the wire (a state read as text, the time of a
 * final decision typed nullable), and the schema is the contract the serializer holds the answer to.
 */
type Answer<C extends PanelCall> = C['reply'] extends 'nothing' ? FastifyReply : unknown;

export type CallHandler<C extends PanelCall> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<Answer<C>>;

/**
 * A route whose access is not declared would be answered to anyone: in this scope none is registered, not
 * even one added beside route() (the panel's hook would have nothing to check it against).
 */
export function requireAccess(app: FastifyInstance) {
  app.addHook('onRoute', (options) => {
    if (!isAccess(options.config?.access))
      throw new Error(`${String(options.method)} ${options.url}: a panel call declares its access`);
  });
}

/**
 * Registers the panel's routes from their declarations. A call without a declared access is refused here,
 * as it is by the type: the panel's hook would otherwise have nothing to check it against.
 */
export function routesOn(app: FastifyInstance) {
  return function route<C extends PanelCall>(call: C, handler: CallHandler<C>) {
    if (!isAccess(call.access)) throw new Error(`${call.method} ${call.path}: the call declares no access`);
    app.route({
      method: call.method,
      url: call.path,
      config: { access: call.access, ...(call.rateLimited ? { rateLimit: {} } : {}) },
      schema: {
        ...(call.params ? { params: call.params } : {}),
        ...(call.querystring ? { querystring: call.querystring } : {}),
        ...(call.body ? { body: call.body } : {}),
        // The reply is an allow-list: fast-json-stringify writes the declared properties and no other.
        ...(isJson(call.reply) ? { response: { 200: call.reply } } : {}),
      },
      validatorCompiler: validatorFor,
      schemaErrorFormatter: (errors, part) => requestProblem(errors as ErrorObject[], part),
      handler: async (request, reply) => {
        if (call.body && request.body == null) request.body = {};
        return handler(request as CallRequest<C>, reply);
      },
    });
  };
}
