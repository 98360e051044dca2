/**
 * Requests in flight, across every island: the loading spinner shows while any is running and
 * hides only when all have finished (product-spec section 4).
 */
import { atom, computed } from 'nanostores';
import { onRequestsInFlight } from '~/lib/client/api';

/** How many API requests are running now. */
export const $requestsInFlight = atom(0);

/** True while at least one request runs. */
export const $isLoading = computed($requestsInFlight, (count) => count > 0);

onRequestsInFlight((delta) => $requestsInFlight.set(Math.max(0, $requestsInFlight.get() + delta)));
