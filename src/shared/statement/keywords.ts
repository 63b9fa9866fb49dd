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

function checksumCall(cxt: KeywordCxt, fn: ChecksumFunction | 'countNonSpace') {
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

export const statementKeywords: CodeKeywordDefinition[] = [
  booleanCheck('pesel', 'isValidPesel'),
  booleanCheck('polishIdCard', 'isValidIdCard'),
  booleanCheck('polishPassport', 'isValidPassport'),
  booleanCheck('polishIban', 'isValidPolishIban'),
  booleanCheck('polishBankCountry', 'hasForeignCountryPrefix', true),
  {
    // spec §5: "at least 2 non-space characters"
    keyword: 'minNonSpace',
    type: 'string',
    schemaType: 'number',
    code(cxt) {
      cxt.fail(_`${checksumCall(cxt, 'countNonSpace')}(${cxt.data}) < ${cxt.schema as number}`);
    },
  },
];

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
export const STATEMENT_FORMATS = ['date', 'email'] as const;

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
