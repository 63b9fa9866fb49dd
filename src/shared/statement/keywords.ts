import { _, Name, type Ajv, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { customizeValidator } from '@rjsf/validator-ajv8';
import * as checksums from './checksums';

/**
 * The custom keywords of the statement schemas. They are ajv "code" keywords: the precompiled validators
 * (generated/, no eval at run time) call the shared checksum module instead of carrying a copy of it.
 * The import path is relative to src/shared/statement/generated/.
 */
export const CHECKSUMS_IMPORT = '../checksums';

type ChecksumFunction = {
  [K in keyof typeof checksums]: (typeof checksums)[K] extends (text: string) => boolean ? K : never;
}[keyof typeof checksums];

type CountFunction = 'countNonSpace' | 'countLetters';

function checksumCall(cxt: KeywordCxt, fn: ChecksumFunction | CountFunction) {
  return cxt.gen.scopeValue('func', {
    ref: checksums[fn],
    code: _`require(${CHECKSUMS_IMPORT}).${new Name(fn)}`,
  });
}

/** A boolean keyword that fails when the named check says false. */
function booleanCheck(keyword: string, fn: ChecksumFunction, negate = false): CodeKeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const call = checksumCall(cxt, fn);
      cxt.fail(negate ? _`${call}(${cxt.data})` : _`!${call}(${cxt.data})`);
    },
  };
}

/** A number keyword that fails when the named count of the text is below it. */
function minimumCount(keyword: string, fn: CountFunction): CodeKeywordDefinition {
  return {
    keyword,
    type: 'string',
    schemaType: 'number',
    code(cxt) {
      cxt.fail(_`${checksumCall(cxt, fn)}(${cxt.data}) < ${cxt.schema as number}`);
    },
  };
}

export const statementKeywords: CodeKeywordDefinition[] = [
  booleanCheck('pesel', 'isValidPesel'),
  booleanCheck('polishIdCard', 'isValidIdCard'),
  booleanCheck('polishPassport', 'isValidPassport'),
  booleanCheck('polishIban', 'isValidPolishIban'),
  booleanCheck('polishBankCountry', 'hasForeignCountryPrefix', true),
  // spec §5: "at least 2 non-space characters"
  minimumCount('minNonSpace', 'countNonSpace'),
  // docs/decisions/field-rules.md#two-letters: names and places need at least two letters ("Ł." or "1-" is no
  // name)
  minimumCount('minLetters', 'countLetters'),
  // spec §5 "Participation rules": adults only, on the last day of code registration (campaign.json)
  booleanCheck('adultByRegistrationEnd', 'isAdultByRegistrationEnd'),
];

/** The names of our own rules (schemas:check wants a Polish message for each one a schema uses). */
export const STATEMENT_KEYWORD_NAMES: readonly string[] = statementKeywords.map(({ keyword }) =>
  String(keyword),
);

/** Annotation keywords of our schemas that carry no validation. */
export const annotationKeywords = ['x-requiredMessage'];

/** Ajv options shared by the generator and tests: all errors (ajv-errors needs them), no coercion. */
export const STATEMENT_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  // String lengths as JavaScript counts them: no runtime helper to import in the generated code.
  unicode: false,
} as const;

/** The standard formats the statement schemas use (ajv-formats; `format` needs its Polish message too). */
const STATEMENT_FORMATS = ['date', 'email'] as const;

/**
 * Registers the statement keywords, the formats and ajv-errors on an ajv instance (browser build, server,
 * tests). The precompiled validators import the formats from ajv-formats, as the keywords the checksums.
 */
export function addStatementKeywords(ajv: Ajv): Ajv {
  addFormats(ajv, [...STATEMENT_FORMATS]);
  for (const definition of statementKeywords) ajv.addKeyword(definition);
  for (const keyword of annotationKeywords) ajv.addKeyword({ keyword, schemaType: 'string' });
  ajvErrors(ajv);
  return ajv;
}

/**
 * A validator that compiles at run time (with `new Function`): for tools and tests that check a form as it
 * is being edited, never for the pages, which use the precompiled validators.
 */
export function runtimeValidator() {
  return customizeValidator({
    ajvOptionsOverrides: { ...STATEMENT_AJV_OPTIONS, logger: false },
    ajvFormatOptions: false,
    extenderFn: addStatementKeywords,
  });
}
