#ifndef NUDGE_CLIBNOTIFY_SHIM_H
#define NUDGE_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>
#include <gio/gio.h>

/* g_object_get/g_object_set are variadic, which Swift cannot call. */
static inline guint32 nudge_notification_get_id(NotifyNotification *notification) {
    gint id = 0;
    g_object_get(notification, "id", &id, NULL);
    return (guint32)id;
}

static inline void nudge_notification_set_id(NotifyNotification *notification, guint32 id) {
    g_object_set(notification, "id", (gint)id, NULL);
}

#endif
