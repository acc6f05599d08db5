import type { BankAccountErrorKey } from '@app/contract';

/**
 * What each of the spec's bank error keys says (section 8 gives the keys, not the texts). The key is the
 * field error's `code`; the web shows its own translation of it and falls back to this text.
 */
export const BANK_ERROR_MESSAGES: Record<BankAccountErrorKey, string> = {
  swift_code_not_correct_length: 'A SWIFT/BIC code has 8 or 11 characters.',
  account_number_not_correct_length:
    'The account number does not have the right number of digits for this country.',
  bank_id_not_correct_length: 'Choose the bank from the list.',
  account_holder_name_not_correct_length: 'The holder name must be 2 to 100 characters.',
  recipient_country_of_residency_not_correct_length: 'Choose the recipient’s country of residence.',
  recipient_city_not_correct_length: 'The city must be 2 to 35 characters.',
  recipient_zip_not_correct_length: 'The postal code must be 2 to 16 characters.',
  recipient_address_not_correct_length: 'The address must be 5 to 140 characters.',
  routing_number_not_correct_length: 'The routing number does not have the right number of digits.',
  sort_code_not_correct_length: 'A sort code has 6 digits.',
  account_number_non_unique: 'You already added this account.',
  swift_code_not_unique: 'You already added an account with this SWIFT/BIC code.',
  bank_id_not_exist: 'This bank is not in our list for the chosen country.',
  country_doesnt_match: 'This account belongs to another country than the one chosen.',
  iban_dont_match_swift_code: 'The IBAN and the SWIFT/BIC code are of different banks or countries.',
  swift_not_match_country: 'This SWIFT/BIC code is of another country than the one chosen.',
  swift_code_invalid: 'This is not a valid SWIFT/BIC code.',
  account_number_invalid: 'This account number is not valid (its check digits do not match).',
  bank_id_invalid: 'Choose the bank from the list.',
  account_holder_name_invalid: 'Use letters, spaces, dots, hyphens and apostrophes only.',
  recipient_country_of_residency_invalid: 'This is not a country we know.',
  error_recipient_state_country_invalid: 'This state is not in the chosen country.',
  recipient_city_invalid: 'Use letters, digits, spaces and simple punctuation only.',
  recipient_zip_invalid: 'Use letters, digits, spaces and hyphens only.',
  recipient_address_invalid: 'Use letters, digits, spaces and simple punctuation only.',
  routing_number_invalid: 'This routing number is not valid (its check digit does not match).',
  sort_code_routing_number_invalid: 'This sort code is not valid.',
  default: 'This value is not valid.',
  accountNumberRequired: 'Enter the account number.',
  holderNameRequired: 'Enter the account holder’s name.',
  routingNumberRequired: 'Enter the routing number.',
  bankRequired: 'Choose the bank.',
  ifscRequired: 'Enter the IFSC code.',
  ifscInvalid: 'An IFSC code has 11 characters: 4 letters, a zero, then 6 letters or digits.',
  clabeRequired: 'Enter the CLABE.',
  clabeInvalid: 'A CLABE has 18 digits and a valid check digit.',
  bankNameEmptyWithSwift: 'Enter the bank name for this SWIFT/BIC code.',
  bankNameEmptyWithoutSwift: 'Enter the bank name.',
  additionalInfoLength: 'At most 500 characters.',
};
