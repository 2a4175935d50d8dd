// The payments feature's public module on the server: what routes, the Worker and other features may
// use of its server-only parts. What the browser may load too is in ./index.ts.
export { lookAgain, payAction, payPanelOf, pendingReference } from "./pay-actions.server";
export { receiveWebhook, registrationFeeQuery, registrationPaymentsQuery, settlePayment } from "./payments.server";
export { paymentSimulator } from "./simulator-page.server";
export { changePayment, deskPaymentsOf, deskPaymentsQueries, type DeskPayments, isPaymentIntent, payingNowOf, payingNowQuery } from "./desk-payments.server";
export { PAYMENT_CSV_HEADER, paymentCsvCells, type RegistrationPayments, paymentsOfRegistrations } from "./payment-exports.server";
export { EVENT_PAYMENTS_CSV_HEADER, eventPaymentCells, eventPaymentsAfter } from "./event-payments-csv.server";
export { releaseUnpaidHolds } from "./hold-expiry.server";
export { type GiveAnswer, giftQueries, giftSettled, giveAction, givingReport, filledAgainAnswer, tryAgainValues } from "./gifts.server";
export { moneyThisMonth, recentMoneyQuery } from "./money-this-month.server";
export { PAYMENTS_OUTBOX_KINDS, renderGiftReceiptSms, renderPaymentsOutbox } from "./gift-receipt.server";
