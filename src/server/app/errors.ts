import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// `Error` is the service's error object (openapi.yaml `Error`, as bff.yaml declares it: the BFF
// answers its own errors with it too, all four fields), imported under another name so it does not
// shadow the global Error class.
import type { BffErrorCode, Error as ErrorBody } from '../../api/bff-schema.gen.ts';

/** The origin of the local end of a connection (no request was parsed to tell the Host). */
function socketOrigin(socket: Socket): string {
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort ?? 80}`;
}

/** Where the BFF documents its own error codes (bff.yaml `GET /bff/errors`). */
export const ERROR_CATALOGUE_PATH = '/bff/errors';

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The origin a client reached this BFF at (for `doc_url`); loopback when the Host is odd. */
export function requestOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  const host = request.host;
  return `${request.protocol}://${typeof host === 'string' && HOST.test(host) ? host : 'localhost'}`;
}

export function errorBody(
  code: BffErrorCode,
  message: string,
  param: string | null = null,
  origin = 'http://localhost',
): ErrorBody {
  return {
    error: { code, message, param, doc_url: `${origin}${ERROR_CATALOGUE_PATH}#${code}` },
  };
}

/** An error the BFF raises on purpose; the error handler turns it into the error shape. */
export class BffError extends Error {
  readonly statusCode: number;
  readonly code: BffErrorCode;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: BffErrorCode,
    message: string,
    options: { param?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'BffError';
    this.statusCode = statusCode;
    this.code = code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: BffErrorCode,
  message: string,
  param?: string,
): FastifyReply {
  return reply
    .code(statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(errorBody(code, message, param ?? null, requestOrigin(reply.request)));
}

interface MappedError {
  statusCode: number;
  code: BffErrorCode;
  message: string;
  param?: string;
}

const FASTIFY_CODES: Record<string, MappedError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    statusCode: 413,
    code: 'payload_too_large',
    message: 'The request body is larger than the 1 MiB limit.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    statusCode: 415,
    code: 'unsupported_media_type',
    message: 'Request bodies must be sent as application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    statusCode: 400,
    code: 'invalid_json',
    message: 'The request body is empty but the content type is application/json.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    statusCode: 400,
    code: 'invalid_json',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    statusCode: 400,
    code: 'invalid_request',
    message: 'The Content-Length header does not match the body.',
  },
  FST_ERR_BAD_URL: { statusCode: 400, code: 'invalid_path', message: 'The URL is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: {
    statusCode: 414,
    code: 'invalid_path',
    message: 'A path segment is too long.',
  },
};

/** Maps any error thrown inside the app to the service's error shape (never leaking internals). */
export function mapError(error: FastifyError | BffError | Error): MappedError {
  if (error instanceof BffError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
    };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code === undefined ? undefined : FASTIFY_CODES[fastifyError.code];
  if (known) return known;
  if (fastifyError.validation) {
    return { statusCode: 400, code: 'invalid_request', message: error.message };
  }
  const status = fastifyError.statusCode;
  // Only the static file server raises a bare 403 (a path escaping its root): not found.
  if (status === 403) return { statusCode: 404, code: 'not_found', message: 'Not found.' };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { statusCode: status, code: 'invalid_request', message: error.message };
  }
  return { statusCode: 500, code: 'internal_error', message: 'Internal server error.' };
}

function handleError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const mapped = mapError(error);
  if (error instanceof BffError && mapped.statusCode >= 500) {
    // A refusal the BFF chose (the database away, an upstream down): its cause is logged where
    // it is found; one line per refused request says which, without a stack.
    request.log.warn({ code: mapped.code, statusCode: mapped.statusCode }, mapped.message);
  } else if (mapped.statusCode >= 500) {
    request.log.error({ err: error }, 'unhandled error');
  }
  if (error instanceof BffError) reply.headers(error.headers);
  return sendError(reply, mapped.statusCode, mapped.code, mapped.message, mapped.param);
}

/** Error handler for everything under the app; also used for Fastify's framework errors. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Fastify's framework errors (e.g. a malformed percent-encoded URL) are answered before any hook
 * runs: add the security headers here.
 */
export function createFrameworkErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  return (error, request, reply) => handleError(error, request, reply.headers(securityHeaders));
}

const CLIENT_ERROR_STATUS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Answers malformed or too slow HTTP on the raw socket (Fastify never sees these requests), still
 * in the error shape and with the security headers.
 */
export function createClientErrorHandler(
  securityHeaders: Readonly<Record<string, string>>,
): (error: NodeJS.ErrnoException, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = CLIENT_ERROR_STATUS[error.code ?? ''] ?? [
      400,
      'The HTTP request is malformed.',
    ];
    const body = JSON.stringify(
      errorBody(
        status === 408 ? 'request_timeout' : 'invalid_request',
        message,
        null,
        socketOrigin(socket),
      ),
    );
    const reason =
      status === 408 ? 'Request Timeout' : status === 431 ? 'Too Large' : 'Bad Request';
    const lines = [
      `HTTP/1.1 ${status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      ...Object.entries(securityHeaders).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  };
}
