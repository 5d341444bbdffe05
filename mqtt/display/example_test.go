package display_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"jantaku/mqtt/display"
)

// Example serves the displays beside the daemon's other HTTP handlers. The
// WebSocket URL is the embedded broker's listener as browsers reach it
// (display.WebSocketFor(b.WebSocketAddr()) on one machine).
func Example() {
	h, err := display.New(display.Config{
		WebSocket: "ws://table.local:1884/",
		Prefix:    "jantaku", Table: "t1",
		Display: display.Credentials{Username: "tv", Password: "tv-secret"},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	mux := http.NewServeMux()
	mux.Handle("/display/", http.StripPrefix("/display", h))

	w := httptest.NewRecorder()
	mux.ServeHTTP(w, httptest.NewRequest("GET", "/display/centre.html", nil))
	fmt.Println(w.Code, w.Header().Get("Content-Type"))
	// Output: 200 text/html; charset=utf-8
}
