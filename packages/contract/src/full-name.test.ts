import { describe, expect, it } from 'vitest';
import { displayedName, fullNameFor, showsNameTo, verifiedFullName, type NameSources } from './full-name.js';

const person: NameSources = {
  visibility: 'everyone',
  display: 'first_name_initial',
  firstName: 'María José',
  middleName: null,
  lastName: 'Ñúñez',
  legalName: null,
  businessName: null,
};
const company: NameSources = {
  ...person,
  legalName: 'Acme Trading S.L.',
  businessName: 'Acme',
};

describe('displayedName', () => {
  it('should build each display form from the verified names', () => {
    expect(displayedName(person)).toBe('María José Ñ.');
    expect(displayedName({ ...person, display: 'full_name', middleName: 'de la' })).toBe(
      'María José de la Ñúñez',
    );
    expect(displayedName({ ...person, display: 'hide_name' })).toBeNull();
    expect(displayedName({ ...company, display: 'legal_entity_name' })).toBe('Acme Trading S.L.');
    expect(displayedName({ ...company, display: 'business_name' })).toBe('Acme');
    // A company that gave no business name shows its legal name.
    expect(displayedName({ ...company, display: 'business_name', businessName: '' })).toBe(
      'Acme Trading S.L.',
    );
  });

  it('should show nothing that was not verified', () => {
    const unverified = { ...person, firstName: null, lastName: null };
    expect(displayedName(unverified)).toBeNull();
    expect(displayedName({ ...unverified, display: 'full_name' })).toBeNull();
    // A person choosing a company's name, or a company not verified yet.
    expect(displayedName({ ...person, display: 'legal_entity_name' })).toBeNull();
    expect(displayedName({ ...person, display: 'business_name' })).toBeNull();
    // A form this version does not know.
    expect(displayedName({ ...person, display: 'nickname' })).toBeNull();
  });

  it('should give the first name alone without a last name', () => {
    expect(displayedName({ ...person, lastName: ' ' })).toBe('María José');
  });
});

describe('verifiedFullName', () => {
  it('should join the parts that exist', () => {
    expect(verifiedFullName({ firstName: 'Ada', middleName: '', lastName: 'Byron' })).toBe('Ada Byron');
    expect(verifiedFullName({ firstName: null, middleName: null, lastName: null })).toBeNull();
  });
});

describe('showsNameTo and fullNameFor', () => {
  const stranger = { trusted: false, partner: false };
  const partner = { trusted: false, partner: true };
  const trusted = { trusted: true, partner: false };

  it.each([
    ['everyone', [true, true, true]],
    ['trusted', [false, false, true]],
    ['trusted_and_partners', [false, true, true]],
    ['nobody', [false, false, false]],
    ['unknown', [false, false, false]],
  ] as const)('%s: stranger, partner, trusted', (visibility, expected) => {
    expect([stranger, partner, trusted].map((viewer) => showsNameTo(visibility, viewer))).toEqual(expected);
  });

  it('should give the name only to whom it is visible', () => {
    const partnersOnly = { ...person, visibility: 'trusted_and_partners' };
    expect(fullNameFor(partnersOnly, partner)).toBe('María José Ñ.');
    expect(fullNameFor(partnersOnly, stranger)).toBeNull();
    expect(fullNameFor({ ...person, display: 'hide_name' }, trusted)).toBeNull();
  });
});
