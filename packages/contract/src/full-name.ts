/**
 * Whose full name others see, and in which form (spec: "Profile full-name visibility options: everyone,
 * trusted only, trusted and trade partners, nobody; display forms: first name and initial, full name, hide
 * name, legal entity name, business name"). Plain values, no zod: the server's presenters (trade parties,
 * the public profile, the current user, the trade start's "show full name" requirement) and the web's
 * offer page apply the same rule (docs/decisions/0050-truthful-user-data.md).
 */

export const fullNameVisibilityTypes = ['everyone', 'trusted', 'trusted_and_partners', 'nobody'] as const;
export type FullNameVisibility = (typeof fullNameVisibilityTypes)[number];

export const fullNameDisplayForms = [
  'first_name_initial',
  'full_name',
  'hide_name',
  'legal_entity_name',
  'business_name',
] as const;
export type FullNameDisplay = (typeof fullNameDisplayForms)[number];

/**
 * What a user's shown name is made of: their settings, the names their approved ID verification proved
 * (null without one), and their verified company's names (null for a person, or a company not verified).
 * Nothing a user merely typed: a name shows only once staff or the identity provider checked it.
 */
export type NameSources = {
  visibility: string;
  display: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  legalName: string | null;
  businessName: string | null;
};

const filled = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** The verified personal name in full (first, middle, last), or null without a verified ID. */
export function verifiedFullName(s: Pick<NameSources, 'firstName' | 'middleName' | 'lastName'>) {
  const parts = [s.firstName, s.middleName, s.lastName].filter(filled).map((p) => p.trim());
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The name in the user's chosen display form, or null: the form hides it, or nothing verified makes it
 * (a person choosing a company's name, a company not verified yet, no verified ID). "First name and
 * initial" is "Ana G."; a business name falls back to the legal name when the company gave none.
 */
export function displayedName(s: NameSources): string | null {
  switch (s.display) {
    case 'full_name':
      return verifiedFullName(s);
    case 'first_name_initial': {
      if (!filled(s.firstName)) return null;
      const initial = filled(s.lastName) ? [...s.lastName.trim()][0] : undefined;
      return initial ? `${s.firstName.trim()} ${initial.toUpperCase()}.` : s.firstName.trim();
    }
    case 'legal_entity_name':
      return filled(s.legalName) ? s.legalName.trim() : null;
    case 'business_name':
      return filled(s.businessName) ? s.businessName.trim() : filled(s.legalName) ? s.legalName.trim() : null;
    default:
      // hide_name, or a value this version does not know: nothing is shown.
      return null;
  }
}

/**
 * How a viewer stands to the name's owner: the owner trusts the viewer (contacts), and whether they are
 * trade partners (on a trade page, the trade's other party; elsewhere, someone the owner completed a
 * trade with).
 */
export type NameViewer = { trusted: boolean; partner: boolean };

/** Whether the owner's visibility setting lets this viewer see their name. */
export function showsNameTo(visibility: string, viewer: NameViewer): boolean {
  switch (visibility) {
    case 'everyone':
      return true;
    case 'trusted':
      return viewer.trusted;
    case 'trusted_and_partners':
      return viewer.trusted || viewer.partner;
    default:
      return false;
  }
}

/** The name this viewer sees of the owner, or null. */
export const fullNameFor = (s: NameSources, viewer: NameViewer): string | null =>
  showsNameTo(s.visibility, viewer) ? displayedName(s) : null;
