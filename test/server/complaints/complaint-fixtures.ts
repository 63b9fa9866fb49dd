/** A complaint as the form sends it (docs/api.md "Complaints"). */
export const validComplaint = (changes: Record<string, unknown> = {}) => ({
  name: 'Anna',
  surName: 'Kowalska',
  address: { city: 'Kraków', postalCode: '30-001', street: 'Długa', houseNumber: '5', apartmentNumber: '' },
  email: 'anna.kowalska@example.com',
  code: null,
  eventDate: '2026-02-01',
  description: 'Moje oświadczenie odrzucono, choć wysłałam zdjęcie kuponu.',
  demand: 'Ponownego rozpatrzenia oświadczenia.',
  personalDataClause: true,
  ...changes,
});
