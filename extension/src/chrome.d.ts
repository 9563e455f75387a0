/**
 * The few extension APIs the extension calls (the repo carries no @types/chrome): declared here
 * so the sources type-check and nothing else of the API is used by accident.
 */
declare namespace chrome {
  namespace runtime {
    const id: string;
    interface MessageSender {
      origin?: string;
      url?: string;
    }
    function getManifest(): { host_permissions?: string[] };
    function sendMessage<T>(message: unknown): Promise<T>;
    const onMessage: {
      addListener(
        cb: (
          message: unknown,
          sender: MessageSender,
          sendResponse: (response: unknown) => void,
        ) => boolean | void,
      ): void;
    };
    const onMessageExternal: typeof onMessage;
  }
  namespace storage {
    interface Area {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(key: string): Promise<void>;
    }
    const session: Area;
  }
  namespace tabs {
    function create(options: { url: string }): Promise<unknown>;
  }
}
