// The content files' shapes (src/content/*.json) are declared once, in this folder, one module per file or
// pair: the JSON Schemas content-validation.ts checks the files with, and the TypeScript types derived from
// them. Here, the pieces they share. Content files are edited by non-developers: every problem is reported
// with the file and the field.

export const localTime = {
  type: 'string',
  format: 'warsawLocalTime',
  errorMessage: 'wpisz datę jako "RRRR-MM-DD" albo datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski)',
} as const;
// Sales and registration open and close at a clock time the texts print ("od godz. 6:30"): give it.
export const localDateTime = {
  ...localTime,
  pattern: 'T\\d{2}:\\d{2}:\\d{2}$',
  errorMessage: 'wpisz datę i godzinę jako "RRRR-MM-DDTGG:MM:SS" (czas polski): teksty podają godzinę',
} as const;
export const text = { type: 'string', minLength: 1 } as const;
export const url = {
  type: 'string',
  pattern: '^https://',
  errorMessage: 'wpisz pełny adres zaczynający się od https://',
} as const;

export const texts = { type: 'array', items: text } as const;
