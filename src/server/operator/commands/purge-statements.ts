import { purgeStatements as purge } from '../exports';
import { option, type Command } from '../command';

/** Retention (spec §9): empties the statements stored before a day. */
export const purgeStatements: Command = {
  name: 'purge-statements',
  usage: 'purge-statements --before <RRRR-MM-DD>',
  description: 'usuwa oświadczenia zapisane przed podanym dniem (okres przechowywania)',
  async run({ storage, args, emit }) {
    emit(await purge(storage, option(args, '--before', 'RRRR-MM-DD')));
  },
};
