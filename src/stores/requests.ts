/**
 * Requests in flight, across every island: the loading spinner shows while any is running and
 * hides only when all have finished (product-spec section 4).
 */
import { atom, computed } from 'nanostores';
import { onRequestsInFlight } from '~/lib/client/api';

const $count = atom(0);

/** True while at least one request runs. */
export const $isLoading = computed($count, (count) => count > 0);

onRequestsInFlight((delta) => $count.set(Math.max(0, $count.get() + delta)));
