import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { SUPPLIER_OPTIONS_PATH, type SupplierOptions } from "~/domain/purchases/supplier-list";

// The BIN on the record of the supplier a purchase names (issue 37), asked of GET /admin/suppliers/options as the
// name is typed, so the VAT block can say beforehand that the input VAT is claimed with it: the use case takes the
// record's BIN when none is typed (supplierBinNamed).

/** How long typing pauses before the suppliers are asked. */
export const SUPPLIER_TYPING_PAUSE_MS = 200;

/**
 * The BIN on the record of the live supplier named `name` (null when there is none, or it has none), or undefined
 * while it is not known (not wanted, nothing typed, or the answer for this name not yet in).
 */
export function useSupplierRecordBin(name: string, wanted: boolean): string | null | undefined {
  const fetcher = useFetcher<SupplierOptions>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { load } = fetcher;
  const q = name.replace(/\s+/g, " ").trim();
  useEffect(() => {
    clearTimeout(timer.current);
    if (!wanted || !q) return;
    timer.current = setTimeout(
      () => void load(`${SUPPLIER_OPTIONS_PATH}?q=${encodeURIComponent(q)}`),
      SUPPLIER_TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer.current);
  }, [q, wanted, load]);
  const answer = fetcher.data;
  return wanted && answer && answer.q === q ? answer.bin : undefined;
}
