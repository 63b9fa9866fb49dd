import type { FromSchema } from 'json-schema-to-ts';
import { text, texts } from './parts';

// src/content/faq.json and rules.json: the FAQ page and the rules' summary. The JSON Schemas
// content-validation.ts checks the files with, and their types.

/** One FAQ answer (spec §3 "FAQ item"): its kind decides which of the parts it shows. */
const faqItemSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'title'],
  properties: {
    id: text,
    type: { enum: ['standard', 'list', 'nestedList', 'table'] },
    title: text,
    content: { type: 'string' },
    boldedContent: texts,
    list: texts,
    nestedList: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['listItemIndex', 'list'],
        properties: {
          listItemIndex: { type: 'integer', minimum: 0 },
          list: { ...texts, minItems: 1 },
          exitContent: { type: 'string' },
        },
      },
    },
    exitContent: { type: 'string' },
    links: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['value', 'href'],
        properties: { value: text, href: text },
      },
    },
    // "rowsFrom": "draws" fills the rows from draws.json instead of writing them twice.
    table: {
      type: 'object',
      additionalProperties: false,
      required: ['headers'],
      properties: {
        headers: { ...texts, minItems: 1 },
        rows: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        rowsFrom: { const: 'draws' },
      },
    },
  },
} as const;

export const faqSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['groups'],
  properties: {
    groups: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'items'],
        properties: { id: text, title: text, items: { type: 'array', minItems: 1, items: faqItemSchema } },
      },
    },
  },
} as const;

export const rulesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['intro', 'lists', 'note', 'noteBold'],
  properties: {
    intro: text,
    lists: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'steps'],
        properties: { title: text, steps: { ...texts, minItems: 1 } },
      },
    },
    note: text,
    noteBold: texts,
  },
} as const;

export type Faq = FromSchema<typeof faqSchema>;
export type FaqItemContent = FromSchema<typeof faqItemSchema>;
export type Rules = FromSchema<typeof rulesSchema>;
