import { isObject, type JsonObject } from '../json';
import { polishCount } from '../polish-count';

// A rule with a number states that number in its message, and only the rule says it: the definitions write
// "Pole może mieć maksymalnie {znaki}.", and a tier file that tightens maxLength to 50 reads "… 50 znaków."
// without a message of its own. A message that writes the number itself must write the rule's.

/** The rules whose value is a number a message can state. */
export const NUMBER_RULES = ['minLength', 'maxLength', 'minNonSpace', 'minLetters'] as const;

/** The places for a rule's number in its message, each with its noun (as after "mieć", "zawierać"). */
const PLACES: Record<string, [one: string, few: string, many: string]> = {
  '{znaki}': ['znak', 'znaki', 'znaków'],
  '{litery}': ['literę', 'litery', 'liter'],
};

const PLACE = /\{[^{}\s]*\}/g;

const ruleNumber = (node: JsonObject, rule: string): number | undefined =>
  (NUMBER_RULES as readonly string[]).includes(rule) && typeof node[rule] === 'number'
    ? node[rule]
    : undefined;

/** A rule's message with its number written in: "{znaki}" of maxLength 50 is "50 znaków". */
function filled(message: string, limit: number | undefined): string {
  if (limit === undefined) return message;
  return message.replace(PLACE, (place) => {
    const nouns = PLACES[place];
    return nouns ? polishCount(limit, ...nouns) : place;
  });
}

/** The schema with every rule's number written into its message (ajv-errors shows messages as written). */
export function fillRuleNumbers(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(fillRuleNumbers);
  if (!isObject(node)) return node;
  const result = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, fillRuleNumbers(value)]),
  );
  if (isObject(node.errorMessage)) {
    result.errorMessage = Object.fromEntries(
      Object.entries(node.errorMessage).map(([rule, message]) => [
        rule,
        typeof message === 'string' ? filled(message, ruleNumber(node, rule)) : message,
      ]),
    );
  }
  return result;
}

const knownPlaces = Object.keys(PLACES).join(' albo ');
const [firstPlace, ...otherPlaces] = Object.keys(PLACES);

/** What is untrue or unreadable in the messages of one field's rules, as Polish sentences per rule. */
export function ruleMessageProblems(node: JsonObject): Array<{ rule: string; message: string }> {
  const messages = isObject(node.errorMessage) ? node.errorMessage : {};
  return Object.entries(messages).flatMap(([rule, message]) => {
    if (typeof message !== 'string') return [];
    const told = (problem: string) => [{ rule, message: `komunikat reguły „${rule}” ${problem}` }];
    const limit = ruleNumber(node, rule);
    const places = message.match(PLACE) ?? [];
    const unknown = places.find((place) => !(place in PLACES));
    if (unknown) return told(`ma nieznane miejsce na liczbę „${unknown}” — wpisz ${knownPlaces}`);
    if (limit === undefined) {
      return places.length > 0
        ? told(`nie ma liczby do wstawienia w „${places[0]}” — napisz go bez nawiasów klamrowych`)
        : [];
    }
    const stated = (message.match(/\d+/g) ?? []).map(Number);
    if (stated.length === 0 || stated.includes(limit)) return [];
    return told(
      `podaje ${stated.join(', ')}, a reguła ma ${limit} — ` +
        `napisz w nim ${firstPlace} (albo ${otherPlaces.join(' albo ')}), a program wstawi liczbę z reguły`,
    );
  });
}
