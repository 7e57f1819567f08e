import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@/api/openapi-document.gen.ts';
import {
  checkNumber,
  checkShadow,
  parseColor,
  pickerValue,
  SETTINGS_FIELDS,
  WORD_STYLE_FIELDS,
  type FieldSpec,
} from './style-fields.ts';

type Node = Record<string, unknown>;
const schemas = (openapiDocument as unknown as { components: { schemas: Record<string, Node> } })
  .components.schemas;
/** The schema a property declares (a word field is its type or null: the type is read). */
const deref = (node: Node): Node => {
  if (typeof node.$ref === 'string') return deref(schemas[node.$ref.split('/').pop()!]!);
  const branches = node.anyOf as Node[] | undefined;
  const typed = branches?.find((branch) => branch.type !== 'null');
  return typed ? deref(typed) : node;
};

function expectMatchesContract(fields: ReadonlyArray<FieldSpec<string>>, schema: string) {
  const properties = schemas[schema]!.properties as Record<string, Node>;
  // Every field of the contract has a control, and every control a field.
  expect(fields.map((field) => field.key).sort()).toEqual(Object.keys(properties).sort());
  for (const field of fields) {
    const declared = deref(properties[field.key]!);
    if (field.kind === 'number' && ![declared.type].flat().includes('string')) {
      expect([field.key, field.min, field.max]).toEqual([
        field.key,
        declared.minimum,
        declared.maximum,
      ]);
      const type = Array.isArray(declared.type) ? declared.type[0] : declared.type;
      expect([field.key, field.integer === true]).toEqual([field.key, type === 'integer']);
    }
    if (field.kind === 'select' && Array.isArray(declared.enum))
      expect(field.options?.map((option) => option.value)).toEqual(
        (declared.enum as Array<string | null>).filter(
          (value) => value !== 'middle' && value !== null,
        ),
      );
  }
}

describe('style fields', () => {
  it('cover every word style field and caption setting, with the contract limits', () => {
    expectMatchesContract(WORD_STYLE_FIELDS, 'CaptionWordStyle');
    expectMatchesContract(SETTINGS_FIELDS, 'CaptionSettings');
  });

  it('checks colours, shadows and numbers before anything is sent', () => {
    expect(parseColor('FF00AA')).toEqual({ ok: true, value: '#ff00aa' });
    expect(parseColor('transparent')).toEqual({ ok: true, value: 'transparent' });
    expect(parseColor('rgba(0,0,0,0.5)')).toEqual({ ok: true, value: 'rgba(0,0,0,0.5)' });
    expect(parseColor('red').ok).toBe(false);
    expect(checkShadow('0 2px 8px #000000')).toBeNull();
    expect(checkShadow('big')).toMatch(/x y blur colour/);
    const lines = SETTINGS_FIELDS.find((field) => field.key === 'maxLinesPerCaption')!;
    expect(checkNumber(lines, 2.5)).toBe('Lines per page takes whole numbers.');
    expect(checkNumber(lines, 9)).toBe('Lines per page is at most 6.');
    expect(checkNumber(lines, 3)).toBeNull();
    expect(pickerValue('#abc')).toBe('#aabbcc');
    expect(pickerValue('rgba(255, 0, 16, 0.5)')).toBe('#ff0010');
    expect(pickerValue('transparent')).toBeNull();
  });
});
