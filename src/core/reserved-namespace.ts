/**
 * The provider-data namespace reserved for convolog's own bookkeeping (DESIGN §1): kept by
 * `retainProviderState`, removed by `retainPortableContent`, never sent to a provider.
 * @internal
 */
export const RESERVED_NAMESPACE = 'convolog';
