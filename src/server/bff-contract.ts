/**
 * Runtime checks of the BFF's own inputs against its interface (src/api/bff.yaml) and of what it
 * reads from the service against the service contract (src/api/openapi.yaml), with ajv: the
 * shapes live in the yaml documents, not restated here. Compiled once per schema, on first use.
 */
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bffDocument } from '../api/bff-document.gen.ts';
import { openapiDocument } from '../api/openapi-document.gen.ts';

// bff.yaml refers to the service contract as `./openapi.yaml`: the same ids resolve it here.
const BFF_ID = 'https://cutroom.invalid/api/bff.yaml';
const SERVICE_ID = 'https://cutroom.invalid/api/openapi.yaml';

let ajv: Ajv2020 | null = null;
const compiled = new Map<string, ValidateFunction>();

function instance(): Ajv2020 {
  if (ajv) return ajv;
  ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  addFormats(ajv);
  // ajv does not support `discriminator.mapping`; plain oneOf checks the same thing.
  ajv.removeKeyword('discriminator');
  ajv.addSchema(bffDocument as Record<string, unknown>, BFF_ID);
  ajv.addSchema(openapiDocument as Record<string, unknown>, SERVICE_ID);
  return ajv;
}

function validator(documentId: string, schema: string): ValidateFunction {
  const ref = `${documentId}#/components/schemas/${schema}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = instance().compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

/** Whether `value` matches `#/components/schemas/<schema>` of bff.yaml. */
export function matchesBffSchema(schema: string, value: unknown): boolean {
  return validator(BFF_ID, schema)(value);
}

/** Whether `value` matches `#/components/schemas/<schema>` of the service contract. */
export function matchesServiceSchema(schema: string, value: unknown): boolean {
  return validator(SERVICE_ID, schema)(value);
}
