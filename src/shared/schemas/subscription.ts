import * as v from 'valibot';
import { email } from './common';

/** `POST /api/stones/{code}/notifications`. */
export const subscriptionSchema = v.object({ email });
