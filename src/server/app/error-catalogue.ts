import type { FastifyInstance } from 'fastify';
import type { components } from '../../api/bff-schema.gen.ts';
import { bffDocument } from '../../api/bff-document.gen.ts';
import { ERROR_CATALOGUE_PATH } from './errors.ts';

type Catalogue = components['schemas']['BffErrorCatalogue'];
type Code = components['schemas']['BffErrorCode'];

/** The BFF's error codes and what each means, as bff.yaml declares them (`x-enum-descriptions`). */
export function errorCatalogue(): Catalogue {
  const schema = (bffDocument.components as { schemas: Record<string, Record<string, unknown>> })
    .schemas.BffErrorCode as { enum: Code[]; 'x-enum-descriptions': Record<Code, string> };
  return {
    errors: schema.enum.map((code) => ({
      code,
      description: schema['x-enum-descriptions'][code],
    })),
  };
}

/** `GET /bff/errors`: where the `doc_url` of the BFF's own errors points. */
export function registerErrorCatalogue(app: FastifyInstance): void {
  const catalogue = errorCatalogue();
  app.get(ERROR_CATALOGUE_PATH, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return catalogue;
  });
}
