// spec §3 "Statement form state": the names the form (and every input id, root_<name>) uses.
export interface StatementConsents {
  rules?: boolean;
  notEmployee?: boolean;
  rodo?: boolean;
  tax?: boolean;
}

export interface StatementFormData {
  code?: string;
  serialNumber?: string;
  file?: string;
  firstName?: string;
  lastName?: string;
  address_city?: string;
  address_zipCode?: string;
  address_street?: string;
  address_house?: string;
  address_flat?: string;
  phone?: string;
  email?: string;
  citizenship?: string;
  country?: string;
  noPesel?: boolean;
  pesel?: string;
  birthDate?: string;
  noPersonalId?: boolean;
  personalId?: string;
  passport?: string;
  bankAccount?: string;
  consents?: StatementConsents;
  answer_1?: boolean;
  answer_2?: boolean;
  answer_3?: boolean;
  confirmed?: boolean;
}

export type FormFieldName = keyof StatementFormData;
