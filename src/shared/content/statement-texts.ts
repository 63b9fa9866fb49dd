import statementJson from '#content/statement.json';
import { withFacts } from './texts';

/** The statement page's texts, with their campaign-fact placeholders ({statementDeadlineDays}) filled. */
export const texts = withFacts(statementJson);
