import { findSchema } from '../../../shared/schemas/find';
import { checkInput } from '../../lib/check-input';

/** The find form's check with the server's schema; loaded when the form is first used (find-form.tsx). */
export const checkFind = (input: unknown) => checkInput(findSchema, input, 'location');
