import { describeValidationError } from './errors.js';

describe('describeValidationError', () => {
  it.each([
    [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'email' } },
      'body',
      'Email is required.',
    ],
    [
      { keyword: 'required', instancePath: '/author', params: { missingProperty: 'name' } },
      'body',
      'Author.name is required.',
    ],
    [
      { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } },
      'body',
      'Unknown field "x".',
    ],
    [
      {
        keyword: 'additionalProperties',
        instancePath: '',
        params: { additionalProperty: '<script>alert(1)</script>' },
      },
      'body',
      'Unknown field.',
    ],
    [
      { keyword: 'maxLength', instancePath: '/skills/2', params: { limit: 60 } },
      'body',
      'Skills[2] must be at most 60 characters.',
    ],
    [
      { keyword: 'pattern', instancePath: '/id', params: { pattern: '^[a-z0-9-]{1,100}$' } },
      'params',
      'Id must contain only lowercase letters, digits and hyphens.',
    ],
    [
      { keyword: 'pattern', instancePath: '/x', params: { pattern: '^q$' } },
      'body',
      'X has an invalid format.',
    ],
    [
      { keyword: 'type', instancePath: '', params: { type: 'object' } },
      'body',
      'Request body must be a JSON object.',
    ],
    [
      { keyword: 'enum', instancePath: '/role', params: { allowedValues: ['a', 'b'] } },
      'body',
      'Role must be one of: a, b.',
    ],
    [
      {
        keyword: 'uniqueItems',
        instancePath: '/tags',
        params: {},
        message: 'must not have duplicates',
      },
      'body',
      'Tags must not have duplicates.',
    ],
  ])('%j in %s → %s', (error, context, message) => {
    expect(describeValidationError(error, context)).toBe(message);
  });
});
