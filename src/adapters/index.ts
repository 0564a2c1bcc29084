// convolog/adapters: pure conversions between stored messages and provider wire formats (issue 10).
export {};
