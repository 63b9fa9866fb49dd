import { isoAt } from '../../clock';
import { issueOptout as issue } from '../../optouts/optouts';
import { positional, type Command } from '../command';

export const issueOptout: Command = {
  name: 'issue-optout',
  usage: 'issue-optout <email>',
  description: 'tworzy link do rezygnacji z udziału dla podanego adresu e-mail',
  async run({ storage, clock, args, emit }) {
    emit(await issue(storage, positional(args, 'email'), isoAt(clock.real())));
  },
};
