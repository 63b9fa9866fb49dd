import { OPERATOR } from '../../staff/audit';
import { invite } from '../../staff/people';
import { ROLES } from '../../staff/roles';
import { UsageError, type Command } from '../command';

/**
 * docs/api.md#operator-commands: a one-time invitation to the panel (24 h), printed; for an account that has
 * a passkey, the role alone (docs/decisions/staff.md#people-and-roles).
 */
export const staffInvite: Command = {
  name: 'staff-invite',
  usage: `staff-invite <email> <${ROLES.join('|')}>`,
  description:
    'zaprasza osobę do panelu z podaną rolą i wypisuje link zaproszenia (osobie, która ma już klucz dostępu, tylko dodaje rolę)',
  async run({ storage, clock, args, emit }) {
    const [email, role] = args;
    if (!email || !role) throw new UsageError(`podaj adres e-mail i rolę (${ROLES.join(', ')})`);
    emit(await invite(storage, clock, { email, role, actor: OPERATOR }));
  },
};
