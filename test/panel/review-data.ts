import type { QueueCounts, QueueItem, ReviewQueue, ReviewStatement } from '#panel/lib/api-types.ts';

// The review calls' answers as the contract gives them, for the panel's tests to vary.

const TIERS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'WINTO'];

export const counts = (tier: string, line: Partial<QueueCounts> = {}): QueueCounts[] =>
  TIERS.map((id) => ({
    tier: id,
    received: 0,
    'in-review': 0,
    'awaiting-approval': 0,
    accepted: 0,
    rejected: 0,
    expired: 0,
    ...(id === tier ? line : {}),
  }));

export const queueItem = (overrides: Partial<QueueItem> = {}): QueueItem => ({
  id: 's1',
  reference: 'K7M-4PQ-X2',
  tier: 'VI',
  code: 'A1B2C3D4E5F',
  state: 'in-review',
  receivedAt: '2025-07-10T09:12:00.000Z',
  deadlineDate: '2025-07-15',
  reviewer: 'ewa@organizator.pl',
  takenAt: '2025-07-10T10:00:00.000Z',
  mine: true,
  sentBack: false,
  final: null,
  lost: null,
  ...overrides,
});

export const queue = (overrides: Partial<ReviewQueue> = {}): ReviewQueue => ({
  tier: 'I',
  state: 'open',
  counts: counts('I', { received: 1, 'in-review': 1, 'awaiting-approval': 2, rejected: 1 }),
  items: [
    queueItem(),
    queueItem({
      id: 's2',
      reference: 'K7M-4PQ-X3',
      code: 'Z9Y8X7W6V5U',
      state: 'received',
      reviewer: null,
      takenAt: null,
      mine: false,
    }),
  ],
  expired: [],
  page: 1,
  pages: 1,
  total: 2,
  ...overrides,
});

export const REASONS = [
  {
    key: 'unreadable-coupon',
    label: 'Nieczytelny kupon',
    sentence: 'Zdjęcie kuponu jest nieczytelne, więc nie możemy sprawdzić kodu.',
  },
  { key: 'late', label: 'Po terminie', sentence: 'Oświadczenie przyszło po terminie.' },
];

export const statement = (overrides: Partial<ReviewStatement> = {}): ReviewStatement => ({
  id: 's1',
  reference: 'K7M-4PQ-X2',
  tier: 'I',
  code: 'A1B2C3D4E5F',
  state: 'in-review',
  receivedAt: '2025-07-10T09:12:00.000Z',
  claim: { id: 'c1', issuedDate: '2025-07-08', deadlineDate: '2025-07-14', reserve: null },
  fields: [
    { name: 'name', label: 'Imię', value: 'Jan', masked: false },
    { name: 'pesel', label: 'PESEL', value: '•••••••5678', masked: true },
    { name: 'address.city', label: 'Miejscowość', value: 'Kraków', masked: false },
    { name: 'additionalAward', label: 'Zgoda na nagrodę dodatkową', value: 'tak', masked: false },
  ],
  image: true,
  findings: [
    { level: 'ok', text: 'Oświadczenie przyszło 2025-07-10, w terminie (do 2025-07-14).' },
    { level: 'warning', text: 'Ten sam PESEL jest w oświadczeniu zgłoszenia K7M-4PQ-X3 (kategoria III).' },
  ],
  reviewer: { email: 'ewa@organizator.pl', me: true },
  decision: null,
  approval: null,
  final: null,
  lost: null,
  actions: ['decide', 'reveal'],
  reasons: REASONS,
  ...overrides,
});
