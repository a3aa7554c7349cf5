package rev

import (
	"os"
	"testing"

	"github.com/fluxion-lang/fluxion/internal/testmain"
)

func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
