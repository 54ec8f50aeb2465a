/** Spec 2 §9: the receipt opens in an 800 × 600 popup. */
export const RECEIPT_POPUP_FEATURES = 'width=800,height=600';

/**
 * Opens the product's own receipt page (`href`, which links the provider's receipt when there is one) in a popup.
 * False when the browser refused the popup: the caller then shows the page in this tab.
 */
export function openReceiptPopup(href: string, open: typeof window.open = (...args) => window.open(...args)): boolean {
  try {
    const popup = open(href, 'pocketguide-receipt', RECEIPT_POPUP_FEATURES);
    if (!popup) return false;
    try {
      // the receipt page never gets a handle on this one
      popup.opener = null;
    } catch {
      // some browsers refuse the assignment; the popup is open all the same
    }
    return true;
  } catch {
    return false;
  }
}
