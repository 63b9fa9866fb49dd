import messages from '#content/staff-messages.json';
import { normalEmail } from '../../crypto/secrets';
import { staffByEmail } from '../../db/staff';
import { DomainError } from '../../domain-errors';
import { OPERATOR } from '../../staff/audit';
import { resetAccess } from '../../staff/people';
import { UsageError, type Command } from '../command';

/**
 * docs/decisions/staff.md#reset: 'Zresetuj dostęp' from the server's shell, for when no admin can sign in
 * (the only admin lost their passkeys; PANEL_HOST changed): the recovery link is printed, not mailed.
 */
export const staffReset: Command = {
  name: 'staff-reset',
  usage: 'staff-reset <email>',
  description:
    'kończy wszystkie klucze dostępu i sesje osoby z zespołu i wypisuje link do rejestracji nowego klucza',
  async run({ storage, clock, args, emit }) {
    const [email] = args;
    if (!email) throw new UsageError('podaj adres e-mail osoby z zespołu');
    const person = await staffByEmail(storage.db, normalEmail(email));
    if (!person) throw new DomainError('not-found', messages.personUnknown);
    emit(await resetAccess(storage, clock, { staffId: person.id, actor: OPERATOR }));
  },
};
