import { subscriptionSchema } from '../../../shared/schemas/subscription';
import { checkInput } from '../../lib/check-input';

/** The subscription form's check with the server's schema; loaded when the form is first used. */
export const checkSubscription = (input: unknown) => checkInput(subscriptionSchema, input, 'email');
