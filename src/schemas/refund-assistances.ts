import * as v from 'valibot';

/**
 * GET customer/passenger-assistance/orders/{orderId}/products/{productId} as the refund screens
 * read it (docs/product/api.md: "response passengerAssistances"). The endpoint belongs to the passenger
 * assistance area; only `passengerAssistances` is spec-listed, so every inner field is optional and
 * the refund screens work when the call fails (docs/decisions/081-refund-flows.md).
 */
export const PassengerAssistancesResponse = v.object({
  passengerAssistances: v.array(
    v.object({
      id: v.optional(v.string()),
      passengerId: v.optional(v.string()),
      direction: v.optional(v.picklist(['outward', 'inward'])),
      kinds: v.optional(v.array(v.string())),
      details: v.optional(v.nullable(v.string())),
      status: v.optional(v.nullable(v.string())),
    }),
  ),
});
export type PassengerAssistancesResponse = v.InferOutput<typeof PassengerAssistancesResponse>;
export type PassengerAssistance = PassengerAssistancesResponse['passengerAssistances'][number];
