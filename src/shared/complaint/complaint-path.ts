// docs/api.md "Complaints": the public complaint form's page and its call, named once for the site, its
// server and its mail.

export const COMPLAINT_PAGE_PATH = '/reklamacja';

/** POST /api/complaints, as the client's apiUrl names it. */
export const COMPLAINT_ENDPOINT = 'complaints';
