import type { CurrentUser, MyVerifications } from '@app/contract';
import { AddressDetailsForm } from './address-details-form';
import { DocumentStep } from './document-step';

/**
 * Step two: the proof of address (a picture or a PDF of a bill, a statement, a tax document or a
 * residence certificate), in the same stages as the ID step.
 */
export function AddressVerificationStep({ data, user }: { data: MyVerifications; user: CurrentUser }) {
  return (
    <DocumentStep
      step="address"
      data={data}
      verified={user.isAddressVerified}
      Form={AddressDetailsForm}
      acceptsPdf
    />
  );
}
