import { describe, expect, it } from 'vitest';
import { fieldErrors } from './common/api.js';
import { messages } from './common/messages.js';
import { ProductRequestCreateBodySchema, ProductRequestUpdateBodySchema } from './product-request.js';

const jpg = { name: 'scatola.jpg', type: 'image/jpeg', size: 3, base64: 'data:image/jpeg;base64,/9j/' };
const errorsOf = (schema: typeof ProductRequestCreateBodySchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : fieldErrors(result.error);
};

describe('product request body', () => {
  it('requires the note, trimmed; the file is optional', () => {
    expect(errorsOf(ProductRequestCreateBodySchema, { type: 'galenica', note: '   ' })).toEqual({
      note: [messages.productRequest.noteRequired],
    });
    expect(ProductRequestCreateBodySchema.parse({ type: 'galenica', note: ' Crema 50 g ' })).toEqual({
      type: 'galenica',
      note: 'Crema 50 g',
      equivalent: false,
      file: null,
    });
  });

  it('takes the file as the JSON string the spec sends', () => {
    expect(ProductRequestCreateBodySchema.parse({ type: 'search', note: 'Questo', file: JSON.stringify(jpg) }).file).toEqual(jpg);
  });

  it('refuses an unknown type and a wrong file format', () => {
    expect(errorsOf(ProductRequestCreateBodySchema, { type: 'other', note: 'x' })).toEqual({ type: [messages.validation.invalid] });
    expect(errorsOf(ProductRequestCreateBodySchema, { type: 'search', note: 'x', file: { ...jpg, name: 'a.bmp' } })).toEqual({
      'file.name': ["Formato file 'a.bmp' non valido."],
    });
  });

  it('a stored-file reference is accepted on update only', () => {
    const body = { type: 'search', note: 'x', file: { name: 'scatola.jpg' } };
    expect(ProductRequestUpdateBodySchema.parse(body).file).toEqual({ name: 'scatola.jpg' });
    expect(errorsOf(ProductRequestCreateBodySchema, body)).toEqual({ file: [messages.productRequest.fileRequired] });
  });

  it('caps the note', () => {
    expect(errorsOf(ProductRequestCreateBodySchema, { type: 'search', note: 'x'.repeat(2001) })).toEqual({
      note: ['Massimo 2000 caratteri.'],
    });
  });
});
