/** Turns schema validation issues into one sentence a person can act on. */

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'address',
  headers: 'headers',
};

function fieldName(issue: ValidationIssue, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  if (path.length === 0) return `The ${CONTEXT_NAMES[context ?? ''] ?? 'request'}`;
  return path.join('.');
}

function describe(issue: ValidationIssue, context: string | undefined): string {
  const message = issue.message ?? '';
  // Our own schema messages are written as sentences ending in a full stop (zod's own never do): keep them.
  if (/\.$/.test(message)) return message;
  const field = fieldName(issue, context);
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(message)) return `${field} is required.`;
      return `${field} must be ${article(String(params.expected ?? 'value'))}.`;
    case 'too_big':
      return params.origin === 'string'
        ? `${field} must be at most ${params.maximum} characters.`
        : `${field} must be at most ${params.maximum}.`;
    case 'too_small':
      return params.origin === 'string'
        ? `${field} must be at least ${params.minimum} characters.`
        : `${field} must be at least ${params.minimum}.`;
    case 'invalid_value':
      return Array.isArray(params.values)
        ? `${field} must be one of: ${params.values.map(String).join(', ')}.`
        : `${field} is not valid.`;
    case 'invalid_format':
      return `${field} is not in the expected format.`;
    case 'unrecognized_keys':
      return Array.isArray(params.keys) ? `Unknown field: ${params.keys.join(', ')}.` : 'Unknown field.';
    default:
      return `${field} is not valid.`;
  }
}

function article(expected: string): string {
  if (expected === 'int') return 'a whole number';
  if (expected === 'object') return 'a JSON object';
  if (expected === 'array') return 'a list';
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

export function validationMessage(issues: ValidationIssue[], context: string | undefined): string {
  const sentences = [...new Set(issues.map((issue) => describe(issue, context)))];
  return sentences.slice(0, 5).join(' ');
}
