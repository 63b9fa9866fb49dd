import { Ajv } from 'ajv';
import { didYouMean, pointerToken, polishAjvProblems } from './ajv-polish';
import { isWarsawLocalTime, warsawLocalToInstant } from './warsaw-time';
import complaintsJson from '#content/complaints.json';
import faqJson from '#content/faq.json';
import mailJson from '#content/mail.json';
import reviewJson from '#content/review.json';
import rulesJson from '#content/rules.json';
import statementJson from '#content/statement.json';
import textsJson from '#content/texts.json';
import { campaign, draws, prizesContent, type Campaign, type Draw, type Prizes } from './campaign';
import { campaignSchema, drawsSchema, prizesSchema } from './content-schemas/campaign';
import { complaintsSchema, type Complaints } from './content-schemas/complaints';
import { mailSchema, type Mail } from './content-schemas/mail';
import { faqSchema, rulesSchema, type Faq, type FaqItemContent, type Rules } from './content-schemas/pages';
import { reviewSchema, type Review } from './content-schemas/review';
import { complaintsWindowProblems } from './complaint-dates';
import { campaignFactsOf } from './content/campaign-facts';
import { MAIL_PLACEHOLDERS, type MailPart } from './content/mail-placeholders';
import { placeholderNames, RUNTIME_PLACEHOLDERS } from './content/template';
import { PAYLOAD_TABLE } from './statement/payload';
import { additionalAwardFor, formatZloty, partsOf, prizeFactsOf, prizeValueOf, taxOn } from './prize-values';

// The payload fields a tier registry entry may name: those the payload table leaves to the registry.
const registryFields = Object.entries(PAYLOAD_TABLE)
  .filter(([, row]) => row.sentBy === 'registry')
  .map(([field]) => field);

// prizes.json as the payload table lets it be: a tier's `payload` names only the fields the registry decides.
const tier = prizesSchema.properties.tiers.items;
const prizesSchemaWithFields = {
  ...prizesSchema,
  properties: {
    ...prizesSchema.properties,
    tiers: {
      ...prizesSchema.properties.tiers,
      items: {
        ...tier,
        properties: {
          ...tier.properties,
          payload: { ...tier.properties.payload, propertyNames: { enum: registryFields } },
        },
      },
    },
  },
};

// verbose: the Polish messages name what was expected (and guess a misspelt name).
const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
ajv.addVocabulary(['errorMessage']);
ajv.addFormat('warsawLocalTime', { type: 'string', validate: isWarsawLocalTime });

function check(file: string, schema: object, data: unknown): string[] {
  const validate = ajv.compile(schema);
  return validate(data) ? [] : polishAjvProblems(file, validate.errors);
}

function ordered(file: string, path: string, start: string, end: string): string[] {
  return warsawLocalToInstant(start) <= warsawLocalToInstant(end)
    ? []
    : [`${file}: ${path} — początek (${start}) jest później niż koniec (${end})`];
}

export interface Content {
  campaign: Campaign;
  draws: Draw[];
  prizes: Prizes;
  faq: Faq;
  rules: Rules;
  texts: typeof textsJson;
  statement: typeof statementJson;
  mail: Mail;
  review: Review;
  complaints: Complaints;
}

/** The content files as the site reads them. */
export const contentFiles: Content = {
  campaign,
  draws,
  prizes: prizesContent,
  faq: faqJson as Faq,
  rules: rulesJson as Rules,
  texts: textsJson,
  statement: statementJson,
  mail: mailJson,
  review: reviewJson,
  complaints: complaintsJson,
};

const FAQ = 'src/content/faq.json';
const RULES = 'src/content/rules.json';
const MAIL = 'src/content/mail.json';
const REVIEW = 'src/content/review.json';
const COMPLAINTS = 'src/content/complaints.json';
const PRIZES = 'src/content/prizes.json';

/** The texts an answer shows: what its links and bold phrases must be found in. */
function answerTexts(item: FaqItemContent): string[] {
  return [
    item.title,
    item.content ?? '',
    ...(item.list ?? []),
    ...(item.nestedList ?? []).flatMap((nested) => [...nested.list, nested.exitContent ?? '']),
    ...(item.table ? [...item.table.headers, ...(item.table.rows ?? []).flat()] : []),
    item.exitContent ?? '',
  ];
}

/**
 * What the FAQ's shape cannot say: a link or bold phrase that no longer occurs in its answer would silently
 * lose its link or highlight; an answer must have the parts its kind shows.
 */
function faqProblems(faq: Faq): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  faq.groups.forEach((group, groupIndex) =>
    group.items.forEach((item, itemIndex) => {
      const place = `/groups/${groupIndex}/items/${itemIndex}`;
      if (seen.has(item.id)) problems.push(`${FAQ}: ${place}/id — identyfikator „${item.id}” już jest w FAQ`);
      seen.add(item.id);
      const shown = answerTexts(item).join('\n');
      const missing = (what: string, phrase: string, at: string) =>
        `${FAQ}: ${place}/${at} — ${what} „${phrase}” nie występuje w tekście odpowiedzi: wpisz go dokładnie tak, jak w tekście`;
      (item.links ?? []).forEach((link, index) => {
        if (!shown.includes(link.value))
          problems.push(missing('tekst linku', link.value, `links/${index}/value`));
      });
      (item.boldedContent ?? []).forEach((phrase, index) => {
        if (!shown.includes(phrase)) problems.push(missing('wyróżnienie', phrase, `boldedContent/${index}`));
      });
      (item.nestedList ?? []).forEach((nested, index) => {
        if (item.list?.[nested.listItemIndex] === undefined) {
          problems.push(
            `${FAQ}: ${place}/nestedList/${index}/listItemIndex — lista „list” nie ma punktu nr ${nested.listItemIndex} (liczone od 0)`,
          );
        }
      });
      (item.table?.rows ?? []).forEach((row, index) => {
        if (row.length !== item.table!.headers.length) {
          problems.push(
            `${FAQ}: ${place}/table/rows/${index} — wiersz ma ${row.length} komórek, a tabela ${item.table!.headers.length} kolumn`,
          );
        }
      });
      if ((item.type === 'list' || item.type === 'nestedList') && !item.list?.length) {
        problems.push(`${FAQ}: ${place}/list — odpowiedź typu „${item.type}” potrzebuje listy „list”`);
      }
      if (item.type === 'table' && !item.table?.rows?.length && item.table?.rowsFrom === undefined) {
        problems.push(
          `${FAQ}: ${place}/table — odpowiedź typu „table” potrzebuje tabeli z wierszami („rows”)`,
        );
      }
    }),
  );
  return problems;
}

function rulesProblems(rules: Rules): string[] {
  return rules.noteBold.flatMap((phrase, index) =>
    rules.note.includes(phrase)
      ? []
      : [
          `${RULES}: /noteBold/${index} — wyróżnienie „${phrase}” nie występuje w „note”: wpisz je dokładnie tak, jak w tekście`,
        ],
  );
}

/** What is wrong with an unknown {name} at a place, after "nieznana nazwa w klamrach „{name}”". */
type UnknownAdvice = (name: string, known: string[]) => string;

const braced = (names: readonly string[]) => names.map((name) => `{${name}}`);

const readmeAdvice: UnknownAdvice = (name, known) =>
  didYouMean(`{${name}}`, braced(known)) ||
  ' — wpisz jedną z nazw wymienionych w src/content/README.md albo napisz tekst bez nawiasów klamrowych';

/**
 * A {placeholder} no code fills: the page would show it as written. The names a text may use are the
 * campaign's facts and those filled where the text is shown (src/shared/content/template.ts).
 */
function placeholderProblems(
  file: string,
  content: unknown,
  known: string[],
  place = '',
  advice = readmeAdvice,
): string[] {
  if (typeof content === 'string') {
    return placeholderNames(content)
      .filter((name) => !known.includes(name))
      .map((name) => `${file}: ${place} — nieznana nazwa w klamrach „{${name}}”${advice(name, known)}`);
  }
  if (typeof content !== 'object' || content === null) return [];
  return Object.entries(content).flatMap(([key, value]) =>
    placeholderProblems(file, value, known, `${place}/${pointerToken(key)}`, advice),
  );
}

/**
 * mail.json: each part may name only what its message carries (MAIL_PLACEHOLDERS) and the campaign facts. A
 * wrong name would reach a winner's inbox as written, so the editor is told which names that text may use,
 * and when a name belongs to another message, that it does.
 */
function mailPlaceholderProblems(mail: Mail, facts: string[]): string[] {
  const everyMessageName: string[] = Object.values(MAIL_PLACEHOLDERS).flat();
  return (Object.keys(MAIL_PLACEHOLDERS) as MailPart[]).flatMap((part) => {
    const own: readonly string[] = MAIL_PLACEHOLDERS[part];
    const allowed =
      own.length === 0
        ? 'w tym tekście możesz wpisać tylko nazwy faktów kampanii wymienione w src/content/README.md'
        : `w tym tekście możesz wpisać ${braced(own).join(', ')} oraz nazwy faktów kampanii wymienione w src/content/README.md`;
    const advice: UnknownAdvice = (name, known) =>
      everyMessageName.includes(name)
        ? ` — ta nazwa należy do innej wiadomości: ${allowed}`
        : didYouMean(`{${name}}`, braced(known)) || ` — ${allowed}`;
    return placeholderProblems(MAIL, mail[part], [...facts, ...own], `/${part}`, advice);
  });
}

/** Two reasons of one list with one key would be told apart by nobody (a decision stores the key). */
function repeatedKeys(file: string, list: string, reasons: readonly { key: string }[]): string[] {
  const seen = new Map<string, number>();
  return reasons.flatMap((reason, index) => {
    const first = seen.get(reason.key);
    seen.set(reason.key, first ?? index);
    return first === undefined
      ? []
      : [`${file}: /${list}/${index}/key — klucz „${reason.key}” ma już powód /${list}/${first}`];
  });
}

/** A rejection stores its reason's key, and a look at a masked number its need's. */
const reviewProblems = (review: Review): string[] =>
  (['reasons', 'revealReasons'] as const).flatMap((list) => repeatedKeys(REVIEW, list, review[list]));

/** A complaint's decision stores its reason's key; an upheld and a rejected reason may not share one either. */
const complaintsProblems = (complaints: Complaints): string[] =>
  repeatedKeys(COMPLAINTS, 'reasons', [...complaints.reasons.upheld, ...complaints.reasons.rejected]);

/**
 * spec §9: a prize above the tax threshold carries, for each of its parts, an additional award that pays the
 * 10 % tax: the value / 9 rounded half up to the złoty, so that 10 % of value plus award, rounded the same
 * way, is the award. A prize up to the threshold is untaxed and has none. A tier asks the tax consent
 * (`taxAward`) exactly when its prize has an award.
 */
function prizeValueProblems(prizes: Prizes): string[] {
  const problems: string[] = [];
  const threshold = formatZloty(prizes.taxThreshold);
  for (const [key, prize] of Object.entries(prizes.catalogue)) {
    const { taxed, value } = prizeValueOf(prize, prizes.taxThreshold);
    partsOf(prize).forEach((part, index) => {
      const place = `${PRIZES}: /catalogue/${key}${index === 0 ? '' : '/insurance'}/additionalAward —`;
      const due = additionalAwardFor(part.value);
      if (part.additionalAward === undefined) {
        if (taxed) {
          problems.push(
            `${place} nagroda „${key}” (${formatZloty(value)}) przekracza ${threshold}, więc potrzebuje nagrody dodatkowej na podatek: wpisz „additionalAward”: ${due}`,
          );
        }
      } else if (!taxed) {
        problems.push(
          `${place} nagroda „${key}” (${formatZloty(value)}) nie przekracza ${threshold}: podatku się nie pobiera, usuń nagrodę dodatkową`,
        );
      } else if (
        part.additionalAward !== due ||
        taxOn(part.value, part.additionalAward) !== part.additionalAward
      ) {
        problems.push(
          `${place} nagroda dodatkowa ${formatZloty(part.additionalAward)} nie zgadza się z wartością ${formatZloty(part.value)}: wpisz ${due} (wartość podzielona przez 9, zaokrąglona do pełnych złotych; tyle wynosi 10% podatku od wartości razem z nagrodą dodatkową)`,
        );
      }
    });
  }
  prizes.tiers.forEach((tier, index) => {
    const prize = prizes.catalogue[tier.prize];
    if (!prize || tier.taxAward === prizeValueOf(prize, prizes.taxThreshold).taxed) return;
    problems.push(
      tier.taxAward
        ? `${PRIZES}: /tiers/${index}/taxAward — nagroda „${tier.prize}” nie przekracza ${threshold}, więc nie ma nagrody dodatkowej ani zgody na nią: wpisz false`
        : `${PRIZES}: /tiers/${index}/taxAward — nagroda „${tier.prize}” przekracza ${threshold}, więc ma nagrodę dodatkową na podatek, a formularz pyta o zgodę na nią: wpisz true`,
    );
  });
  return problems;
}

/** Every problem in the content files, each naming its file and field; an empty list means valid. */
export function validateContent({
  campaign,
  draws,
  prizes,
  faq,
  rules,
  texts,
  statement,
  mail,
  review,
  complaints,
}: Content): string[] {
  const shapeErrors = [
    ...check(FAQ, faqSchema, faq),
    ...check(RULES, rulesSchema, rules),
    ...check('src/content/campaign.json', campaignSchema, campaign),
    ...check('src/content/draws.json', drawsSchema, draws),
    ...check('src/content/prizes.json', prizesSchemaWithFields, prizes),
    ...check(MAIL, mailSchema, mail),
    ...check(REVIEW, reviewSchema, review),
    ...check(COMPLAINTS, complaintsSchema, complaints),
  ];
  if (shapeErrors.length > 0) return shapeErrors;

  const file = 'src/content/campaign.json';
  const facts = [...Object.keys(campaignFactsOf(campaign)), ...Object.keys(prizeFactsOf(prizes))];
  const placeholders = [...facts, ...RUNTIME_PLACEHOLDERS];
  const errors: string[] = [
    ...faqProblems(faq),
    ...rulesProblems(rules),
    ...placeholderProblems(FAQ, faq, placeholders),
    ...placeholderProblems(RULES, rules, placeholders),
    ...placeholderProblems('src/content/texts.json', texts, placeholders),
    ...placeholderProblems('src/content/statement.json', statement, placeholders),
    ...Object.entries(prizes.catalogue).flatMap(([key, prize]) =>
      placeholderProblems(PRIZES, prize.award, facts, `/catalogue/${key}/award`),
    ),
    ...mailPlaceholderProblems(mail, facts),
    ...reviewProblems(review),
    ...complaintsProblems(complaints),
    ...placeholderProblems(COMPLAINTS, { ...complaints, page: undefined }, facts),
    // The form's confirmation names the complaint's reference and its answer's deadline.
    ...placeholderProblems(COMPLAINTS, complaints.page, [...facts, 'reference', 'deadline'], '/page'),
  ];
  for (const key of ['lottery', 'sales', 'registration', 'complaints'] as const) {
    errors.push(...ordered(file, `/${key}`, campaign[key].start, campaign[key].end));
  }
  errors.push(...complaintsWindowProblems(file, campaign));
  campaign.phases.forEach((phase, index) => {
    errors.push(...ordered(file, `/phases/${index}`, phase.start, phase.end));
    const next = campaign.phases[index + 1];
    if (next && warsawLocalToInstant(next.start) <= warsawLocalToInstant(phase.end)) {
      errors.push(
        `${file}: /phases/${index + 1}/start — faza musi się zaczynać po końcu poprzedniej (/phases/${index}/end)`,
      );
    }
  });
  campaign.notices.forEach((notice, index) =>
    errors.push(...ordered(file, `/notices/${index}`, notice.start, notice.end)),
  );
  draws.forEach((draw, index) =>
    errors.push(...ordered('src/content/draws.json', `/${index}`, draw.startDate, draw.endDate)),
  );
  const duplicated = (values: unknown[]) => values.some((value, index) => values.indexOf(value) !== index);
  for (const key of ['id', 'order'] as const) {
    if (duplicated(draws.map((draw) => draw[key]))) {
      errors.push(`src/content/draws.json: / — wartości „${key}” losowań powtarzają się`);
    }
  }
  prizes.tiers.forEach((tier, index) => {
    if (!(tier.prize in prizes.catalogue)) {
      errors.push(
        `src/content/prizes.json: /tiers/${index}/prize — nagrody „${tier.prize}” nie ma w „catalogue”`,
      );
    }
  });
  errors.push(...prizeValueProblems(prizes));
  // docs/decisions/prize-issue.md#ways: each prize reaches its winner one way, money or goods.
  for (const [key, prize] of Object.entries(prizes.catalogue)) {
    if ((prize.transfer === true) === (prize.issue !== undefined))
      errors.push(
        `src/content/prizes.json: /catalogue/${key} — nagroda pieniężna ma „transfer”: true, każda inna — sposób wydania („issue”: „parcel” lub „handover”); nie oba naraz i nie żadne z nich`,
      );
  }
  for (const key of ['id', 'prize', 'path', 'attachment', 'schema'] as const) {
    if (duplicated(prizes.tiers.map((tier) => tier[key]))) {
      errors.push(`src/content/prizes.json: /tiers — wartości „${key}” poziomów powtarzają się`);
    }
  }
  return errors;
}
