import { describe, expect, it } from 'vitest';
import { fillRuleNumbers, ruleMessageProblems } from '#shared/statement/rule-messages.ts';

// docs/decisions/field-rules.md#rule-numbers: the number a message states is its rule's own.

const messageOf = (rule: string, limit: number, message: string) =>
  (
    fillRuleNumbers({ [rule]: limit, errorMessage: { [rule]: message } }) as {
      errorMessage: Record<string, string>;
    }
  ).errorMessage[rule];

describe('a rule’s number written into its message', () => {
  it.each([
    ['maxLength', 100, 'Pole może mieć maksymalnie {znaki}.', 'Pole może mieć maksymalnie 100 znaków.'],
    ['maxLength', 50, 'Pole może mieć maksymalnie {znaki}.', 'Pole może mieć maksymalnie 50 znaków.'],
    ['minNonSpace', 2, 'Pole musi mieć co najmniej {znaki}.', 'Pole musi mieć co najmniej 2 znaki.'],
    ['minNonSpace', 1, 'Pole musi mieć co najmniej {znaki}.', 'Pole musi mieć co najmniej 1 znak.'],
    ['minLength', 12, 'Pole musi mieć {znaki}.', 'Pole musi mieć 12 znaków.'],
    ['minLength', 22, 'Pole musi mieć {znaki}.', 'Pole musi mieć 22 znaki.'],
    ['minLetters', 1, 'Pole musi zawierać co najmniej {litery}.', 'Pole musi zawierać co najmniej 1 literę.'],
    ['minLetters', 3, 'Pole musi zawierać co najmniej {litery}.', 'Pole musi zawierać co najmniej 3 litery.'],
    ['minLetters', 5, 'Pole musi zawierać co najmniej {litery}.', 'Pole musi zawierać co najmniej 5 liter.'],
  ])('%s %i: %s', (rule, limit, message, expected) => {
    expect(messageOf(rule, limit, message)).toBe(expected);
  });

  it('fills every field of a composed form, and nothing else', () => {
    const schema = {
      properties: {
        name: {
          maxLength: 30,
          pattern: 'x',
          errorMessage: { maxLength: 'Do {znaki}.', pattern: 'Zły zapis.' },
        },
      },
      errorMessage: { required: { name: 'Imię jest wymagane' } },
    };
    expect(fillRuleNumbers(schema)).toEqual({
      properties: {
        name: {
          maxLength: 30,
          pattern: 'x',
          errorMessage: { maxLength: 'Do 30 znaków.', pattern: 'Zły zapis.' },
        },
      },
      errorMessage: { required: { name: 'Imię jest wymagane' } },
    });
  });
});

describe('messages that would not tell the truth', () => {
  it('accepts a message with its place, its own number, or no number', () => {
    expect(
      ruleMessageProblems({
        minLength: 5,
        maxLength: 5,
        minNonSpace: 1,
        errorMessage: {
          minLength: 'Pole musi mieć {znaki}.',
          maxLength: 'Pole musi mieć 5 znaków.',
          minNonSpace: 'Wymagane',
        },
      }),
    ).toEqual([]);
  });

  it('names a message whose number is not its rule’s', () => {
    expect(
      ruleMessageProblems({
        maxLength: 50,
        errorMessage: { maxLength: 'Pole może mieć maksymalnie 100 znaków.' },
      }),
    ).toEqual([
      {
        rule: 'maxLength',
        message:
          'komunikat reguły „maxLength” podaje 100, a reguła ma 50 — napisz w nim {znaki} (albo {litery}), a program wstawi liczbę z reguły',
      },
    ]);
  });

  it('names a misspelt place and a place in a rule without a number', () => {
    expect(
      ruleMessageProblems({
        maxLength: 50,
        pattern: 'x',
        errorMessage: { maxLength: 'Najwyżej {znakow}.', pattern: 'Najwyżej {znaki}.' },
      }),
    ).toEqual([
      {
        rule: 'maxLength',
        message:
          'komunikat reguły „maxLength” ma nieznane miejsce na liczbę „{znakow}” — wpisz {znaki} albo {litery}',
      },
      {
        rule: 'pattern',
        message:
          'komunikat reguły „pattern” nie ma liczby do wstawienia w „{znaki}” — napisz go bez nawiasów klamrowych',
      },
    ]);
  });
});
